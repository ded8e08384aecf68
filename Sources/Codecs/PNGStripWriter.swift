import CPNGShim
import Foundation
import PixelCore

/// Writes a PNG from strips of rendered rows, top strip first, on all cores: each strip's
/// rows are converted to samples and split into pieces that are filtered and deflated in
/// parallel, then joined into the one zlib stream of the IDAT chunks (each piece ends on
/// a full flush; the pieces' Adler-32 checksums are combined).
/// Lua: used by `img:save("out.png")`.
final class PNGStripWriter {
    let writer: OpaquePointer
    let name: String
    let width: Int, height: Int
    let channels: Int, depth: Int, level: Int
    let space: WorkingSpace
    let threads: Int
    let rowBytes: Int
    /// Rows written so far, and the last of them (the row above the next strip, for filtering).
    var rowsDone = 0
    var previous: [UInt8]
    var adler: UInt32 = 1
    var headerWritten = false

    /// Smallest piece worth a thread of its own (bytes of samples).
    nonisolated(unsafe) static var minPieceBytes = 1 << 16

    init(file: UnsafeMutablePointer<FILE>, name: String, width: Int, height: Int, channels: Int,
         options: PNGOptions, threads: Int) throws {
        guard let w = lp_writer_new(file) else { throw LunetteError.io("\(name): out of memory") }
        writer = w
        self.name = name
        self.width = width; self.height = height
        self.channels = channels; depth = options.depth; level = options.compression
        space = options.workingSpace
        self.threads = max(1, threads)
        rowBytes = width * channels * depth / 8
        previous = []
        try check(lp_write_header(w, UInt32(width), UInt32(height), Int32(depth), Int32(channels), Int32(level)))
    }

    deinit { lp_writer_free(writer) }

    func check(_ status: Int32) throws {
        if status != LP_OK { throw LunetteError.io("\(name): \(String(cString: lp_writer_error(writer)))") }
    }

    /// Appends a strip of rendered rows (its top row is the next row of the file).
    func append(_ strip: PixelBuffer) throws {
        let n = strip.height
        guard n > 0 else { return }
        let last = rowsDone + n == height
        let rowBytes = self.rowBytes, bpp = max(1, channels * depth / 8)
        let pieceCount = max(1, min(threads, n, n * rowBytes / Self.minPieceBytes))
        let bounds = (0...pieceCount).map { $0 * n / pieceCount }
        // Samples of every row of the strip, top row first, converted in parallel.
        let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, n * rowBytes))
        defer { samples.deallocate() }
        let convert: (Int) -> Void = { p in
            for i in bounds[p]..<bounds[p + 1] {
                SampleEncoder.encodeRow(strip.row(n - 1 - i), strip.width, into: samples + i * rowBytes,
                                        channels: self.channels, depth: self.depth, space: self.space)
            }
        }
        if pieceCount == 1 { convert(0) } else { DispatchQueue.concurrentPerform(iterations: pieceCount, execute: convert) }

        // Each piece: filtered rows, their Adler-32 and their deflated bytes.
        struct Piece { var data: UnsafeMutablePointer<UInt8>; var size: Int; var adler: UInt32; var length: Int }
        var pieces = [Piece?](repeating: nil, count: pieceCount)
        let previousRow = previous
        pieces.withUnsafeMutableBufferPointer { out in
            let slots = out
            let work: (Int) -> Void = { p in
                let r0 = bounds[p], r1 = bounds[p + 1], count = r1 - r0
                let length = count * (rowBytes + 1)
                let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, length))
                defer { filtered.deallocate() }
                let rows = samples + r0 * rowBytes
                if r0 > 0 {
                    lp_filter_rows(rows, rows - rowBytes, rowBytes, Int32(bpp), UInt32(count), filtered)
                } else if previousRow.isEmpty {
                    lp_filter_rows(rows, nil, rowBytes, Int32(bpp), UInt32(count), filtered)
                } else {
                    previousRow.withUnsafeBufferPointer {
                        lp_filter_rows(rows, $0.baseAddress, rowBytes, Int32(bpp), UInt32(count), filtered)
                    }
                }
                let cap = lp_deflate_bound(length)
                let data = UnsafeMutablePointer<UInt8>.allocate(capacity: cap)
                let size = lp_deflate_piece(Int32(self.level), filtered, length, last && p == pieceCount - 1 ? 1 : 0, data, cap)
                slots[p] = Piece(data: data, size: size, adler: lp_adler32(1, filtered, length), length: length)
            }
            if pieceCount == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: pieceCount, execute: work) }
        }
        defer { for p in pieces { p?.data.deallocate() } }
        previous = Array(UnsafeBufferPointer(start: samples + (n - 1) * rowBytes, count: rowBytes))
        rowsDone += n

        for (i, piece) in pieces.enumerated() {
            guard let piece, piece.size > 0 else { throw LunetteError.io("\(name): compression failed") }
            adler = lp_adler32_combine(adler, piece.adler, piece.length)
            var head: [UInt8] = []
            if !headerWritten { head = [0x78, lp_zlib_header_flags(Int32(level))]; headerWritten = true }
            var tail: [UInt8] = []
            if last && i == pieceCount - 1 {
                tail = [UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)]
            }
            try check(lp_write_chunk(writer, "IDAT", head, head.count, piece.data, piece.size, tail, tail.count))
        }
    }

    /// Writes IEND once every row is in.
    func finish() throws {
        guard rowsDone == height else { throw LunetteError.io("\(name): \(rowsDone) of \(height) rows written") }
        try check(lp_write_iend(writer))
    }
}
