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
    /// Pieces still compressing: the last one to finish frees `samples` (the batch may wait
    /// a few strips more to be written, and only its deflated bytes are needed for that).
    var compressing: Int
    let lock = NSLock()

    /// Takes `samples` (`rows` rows, freed with the batch).
    init(samples: UnsafeMutablePointer<UInt8>, rows: Int, rowBytes: Int, pieces: Int, previous: [UInt8], last: Bool) {
        self.rows = rows; self.rowBytes = rowBytes; pieceCount = pieces
        self.previous = previous; self.last = last
        self.samples = samples
        bounds = (0...pieces).map { $0 * rows / pieces }
        results = .allocate(capacity: pieces)
        results.initialize(repeating: Piece(), count: pieces)
        compressing = pieces
    }

    deinit {
        for i in 0..<pieceCount { free(results[i].data) }
        results.deallocate()
        if compressing > 0 { samples.deallocate() }
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
        let cap = lp_deflate_bound(length)
        guard var data = malloc(cap)?.assumingMemoryBound(to: UInt8.self) else { return finished(p, Piece()) }
        let isLast: Int32 = last && p == pieceCount - 1 ? 1 : 0
        let rows = samples + r0 * rowBytes
        var adler: UInt32 = 1
        let encode = { (prev: UnsafePointer<UInt8>?) -> Int in
            if let method = PNGStripWriter.deflateMethod {
                let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, length))
                defer { filtered.deallocate() }
                lp_filter_rows(rows, prev, self.rowBytes, Int32(bpp), UInt32(count), filtered)
                adler = lp_adler32(1, filtered, length)
                return lp_deflate_piece_using(method, filtered, length, isLast, data, cap)
            }
            return lp_encode_piece(
                Int32(level), rows, prev, self.rowBytes, Int32(bpp), UInt32(count), isLast, data, cap, &adler)
        }
        let size: Int
        if r0 > 0 {
            size = encode(rows - rowBytes)
        } else if previous.isEmpty {
            size = encode(nil)
        } else {
            size = previous.withUnsafeBufferPointer { encode($0.baseAddress) }
        }
        // A deflated piece is mostly far below its bound: give the rest back to the heap now.
        if size > 0, size < cap, let shrunk = realloc(data, size) { data = shrunk.assumingMemoryBound(to: UInt8.self) }
        finished(p, Piece(data: data, size: size, adler: adler, length: length))
    }

    /// Keeps piece `p`'s result (size 0: compression failed); the last piece frees the samples.
    func finished(_ p: Int, _ piece: Piece) {
        results[p] = piece
        lock.lock()
        compressing -= 1
        if compressing == 0 { samples.deallocate() }
        lock.unlock()
    }
}
