import CPNGShim
import Foundation

/// One batch of rows' samples on their way into the zlib stream: its pieces are filtered and
/// deflated on background threads (`start`), then written in order by `PNGStripWriter`.
final class PendingStrip: @unchecked Sendable {
    /// A deflated piece: its bytes, their count, and the Adler-32 and length of its filtered rows.
    struct Piece { var data: UnsafeMutablePointer<UInt8>?; var size = 0; var adler: UInt32 = 1; var length = 0 }

    let rows: Int, rowBytes: Int, pieceCount: Int
    let last: Bool
    let samples: UnsafeMutablePointer<UInt8>
    /// Row bounds of the pieces: piece p holds rows bounds[p]..<bounds[p + 1].
    let bounds: [Int]
    /// The file row above this batch (empty for the first).
    let previous: [UInt8]
    let results: UnsafeMutablePointer<Piece>
    let group = DispatchGroup()

    /// Takes `samples` (`rows` rows, freed with the batch).
    init(samples: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, pieces: Int, previous: [UInt8], last: Bool) {
        self.rows = rows; self.rowBytes = rowBytes; pieceCount = pieces
        self.previous = previous; self.last = last
        self.samples = samples
        bounds = (0...pieces).map { $0 * rows / pieces }
        results = .allocate(capacity: pieces)
        results.initialize(repeating: Piece(), count: pieces)
    }

    deinit {
        for i in 0..<pieceCount { results[i].data?.deallocate() }
        results.deallocate()
        samples.deallocate()
    }

    /// Filters and deflates every piece on the global concurrent queue; `group` is left when all are done.
    func start(bpp: Int, level: Int) {
        for p in 0..<pieceCount {
            DispatchQueue.global().async(group: group) { self.compress(p, bpp: bpp, level: level) }
        }
    }

    func compress(_ p: Int, bpp: Int, level: Int) {
        let r0 = bounds[p], count = bounds[p + 1] - r0
        let length = count * (rowBytes + 1)
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, length))
        defer { filtered.deallocate() }
        let rows = samples + r0 * rowBytes
        if r0 > 0 {
            lp_filter_rows(rows, rows - rowBytes, rowBytes, Int32(bpp), UInt32(count), filtered)
        } else if previous.isEmpty {
            lp_filter_rows(rows, nil, rowBytes, Int32(bpp), UInt32(count), filtered)
        } else {
            previous.withUnsafeBufferPointer {
                lp_filter_rows(rows, $0.baseAddress, rowBytes, Int32(bpp), UInt32(count), filtered)
            }
        }
        let cap = lp_deflate_bound(length)
        let data = UnsafeMutablePointer<UInt8>.allocate(capacity: cap)
        let isLast: Int32 = last && p == pieceCount - 1 ? 1 : 0
        let size =
            PNGStripWriter.deflateMethod.map { lp_deflate_piece_using($0, filtered, length, isLast, data, cap) }
            ?? lp_deflate_piece(Int32(level), filtered, length, isLast, data, cap)
        results[p] = Piece(data: data, size: size, adler: lp_adler32(1, filtered, length), length: length)
    }
}
