import CPNGShim
import Foundation
import PixelCore

/// Writes a PNG from strips of rendered rows, top strip first, on all cores: the rows are
/// converted to samples and cut into pieces of a fixed number of rows, each filtered and
/// deflated in the background as soon as its last row is in, while the next rows render,
/// then joined in order into the one zlib stream of the IDAT chunks (each piece ends on a
/// full flush; the pieces' Adler-32 checksums are combined). The cuts depend only on the
/// image, so the file's bytes do not depend on the number of threads. Lua: used by
/// `img:save("out.png")`.
final class PNGStripWriter {
    let writer: OpaquePointer
    let name: String
    let width: Int, height: Int
    let channels: Int, depth: Int, level: Int
    let space: WorkingSpace
    let threads: Int
    let rowBytes: Int
    /// Rows of every piece but the image's first and last: at least `minPieceBytes` of
    /// samples. The first piece is a quarter of that, so that a second core starts
    /// deflating after the first strip instead of the first three.
    let pieceRows: Int
    /// Rows handed in so far, and the last row of the piece before (the row above the
    /// next piece, for filtering).
    var rowsDone = 0
    var previous: [UInt8] = []
    var adler: UInt32 = 1
    var headerWritten = false
    /// Samples of the piece being filled, top row first: `stagedRows` of `stagedCapacity`.
    var staged: UnsafeMutablePointer<UInt8>?
    var stagedRows = 0, stagedCapacity = 0
    /// Pieces launched and not yet written, in file order.
    var pending: [PendingPiece] = []
    let gate = PieceGate()

    /// Smallest piece worth deflating apart (bytes of samples). Every piece restarts
    /// zlib's history and Huffman tables, which costs little on a megabyte but 5 % of a
    /// flat picture cut into the strips' 64-row pieces.
    nonisolated(unsafe) static var minPieceBytes = 1 << 20
    /// The deflate method of every piece (`LP_DEFLATE_…` or a zlib level, after least-sum
    /// filters), for tests; nil: the level's own choice of filters and method per piece.
    nonisolated(unsafe) static var deflateMethod: Int32?

    init(
        file: UnsafeMutablePointer<FILE>, name: String, width: Int, height: Int, channels: Int,
        options: PNGOptions, threads: Int
    ) throws {
        guard let w = lp_writer_new(file) else { throw LunetteError.io("\(name): out of memory") }
        writer = w
        self.name = name
        self.width = width; self.height = height
        self.channels = channels; depth = options.depth; level = options.compression
        space = options.workingSpace
        self.threads = max(1, threads)
        rowBytes = width * channels * depth / 8
        pieceRows = max(1, (Self.minPieceBytes + rowBytes - 1) / max(1, rowBytes))
        if let icc = options.iccProfile {
            try check(icc.bytes.withUnsafeBytes { lp_writer_set_iccp(w, icc.name, $0.baseAddress, $0.count) })
        }
        try check(lp_write_header(w, UInt32(width), UInt32(height), Int32(depth), Int32(channels), Int32(level)))
    }

    deinit {
        gate.waitForAll()  // the background work reads their buffers
        staged?.deallocate()
        lp_writer_free(writer)
    }

    func check(_ status: Int32) throws {
        if status != LP_OK { throw LunetteError.io("\(name): \(String(cString: lp_writer_error(writer)))") }
    }

    /// Appends a strip of rendered rows (its top row is the next row of the file):
    /// converts them to samples now, launches every piece the strip completes, and
    /// writes out the pieces at the head of the file that are done.
    func append(_ strip: PixelBuffer) throws {
        let n = strip.height
        guard rowsDone + n <= height else {
            throw LunetteError.io("\(name): \(rowsDone + n) rows handed in for an image of \(height)")
        }
        var done = 0
        while done < n {
            if staged == nil {
                stagedCapacity = min(rowsDone == 0 ? max(1, pieceRows / 4) : pieceRows, height - rowsDone)
                staged = .allocate(capacity: stagedCapacity * rowBytes)
            }
            let count = min(n - done, stagedCapacity - stagedRows)
            stage(strip, rows: done..<(done + count))
            done += count
            if stagedRows == stagedCapacity { launch() }
        }
        try drain(keep: 2 * threads + 2)
    }

    /// Converts rows of a strip (counted from its top) to samples at the end of the
    /// staged piece, in bands on all cores.
    func stage(_ strip: PixelBuffer, rows: Range<Int>) {
        let n = rows.count, top = strip.height - 1 - rows.lowerBound
        let into = staged! + stagedRows * rowBytes
        let bands = max(1, min(threads, n, n * rowBytes / (1 << 16)))
        let convert: (Int) -> Void = { b in
            for i in b * n / bands..<(b + 1) * n / bands {
                SampleEncoder.encodeRow(
                    strip.row(top - i), strip.width, into: into + i * self.rowBytes,
                    channels: self.channels, depth: self.depth, space: self.space)
            }
        }
        if bands == 1 { convert(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: convert) }
        stagedRows += n
        rowsDone += n
    }

    /// Hands the staged piece to the background once fewer than `threads + 1` pieces are
    /// deflating (their samples, filter and trial buffers are held only while they deflate).
    /// The one piece more than the cores keeps the renderer going while the others deflate,
    /// instead of stopping it until one ends, so no core waits for the next strip.
    func launch() {
        guard let samples = staged else { return }
        gate.enter(limit: threads + 1)
        let piece = PendingPiece(
            samples: samples, rows: stagedRows, rowBytes: rowBytes, previous: previous, last: rowsDone == height,
            gate: gate)
        previous = Array(UnsafeBufferPointer(start: samples + (stagedRows - 1) * rowBytes, count: rowBytes))
        staged = nil
        stagedRows = 0; stagedCapacity = 0
        piece.start(bpp: max(1, channels * depth / 8), level: level, picture: (rowBytes + 1) * height)
        pending.append(piece)
    }

    /// Writes the deflated pieces at the head of the queue; waits for the oldest while
    /// more than `keep` are pending (done pieces wait there for the ones before them).
    func drain(keep: Int) throws {
        while let first = pending.first, gate.isDone(first, wait: pending.count > keep) {
            pending.removeFirst()
            try write(first)
        }
    }

    /// Writes one deflated piece as an IDAT chunk (the zlib header before the first piece,
    /// the combined Adler-32 after the last piece of the image).
    func write(_ piece: PendingPiece) throws {
        guard let data = piece.data, piece.size > 0 else { throw LunetteError.io("\(name): compression failed") }
        adler = lp_adler32_combine(adler, piece.adler, piece.length)
        var head: [UInt8] = []
        if !headerWritten { head = [0x78, lp_zlib_header_flags(Int32(level))]; headerWritten = true }
        var tail: [UInt8] = []
        if piece.last {
            tail = [UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)]
        }
        try check(lp_write_chunk(writer, "IDAT", head, head.count, data, piece.size, tail, tail.count))
    }

    /// Writes IEND once every row is in.
    func finish() throws {
        try drain(keep: 0)
        guard rowsDone == height else { throw LunetteError.io("\(name): \(rowsDone) of \(height) rows written") }
        try check(lp_write_iend(writer))
    }
}
