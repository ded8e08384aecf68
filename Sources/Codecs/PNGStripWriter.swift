import CPNGShim
import Foundation
import PixelCore

/// Writes a PNG from strips of rendered rows, top strip first, on all cores: the strips'
/// rows are converted to samples, batched, and each batch split into pieces that are
/// filtered and deflated in the background while the next strips render, then joined in
/// order into the one zlib stream of the IDAT chunks (each piece ends on a full flush; the
/// pieces' Adler-32 checksums are combined). Lua: used by `img:save("out.png")`.
final class PNGStripWriter {
    let writer: OpaquePointer
    let name: String
    let width: Int, height: Int
    let channels: Int, depth: Int, level: Int
    let space: WorkingSpace
    let threads: Int
    let rowBytes: Int
    /// Rows handed in so far, and the last row of the batch before (the row above the
    /// next batch, for filtering).
    var rowsDone = 0
    var previous: [UInt8]
    var adler: UInt32 = 1
    var headerWritten = false
    /// Samples of the rows converted since the last batch went out, top row first.
    var staged: UnsafeMutablePointer<UInt8>?
    var stagedRows = 0, stagedCapacity = 0
    /// Batches whose pieces are being filtered and deflated, oldest first.
    var pending: [PendingStrip] = []

    /// Smallest piece worth deflating apart (bytes of samples). Every piece restarts
    /// zlib's history and Huffman tables, which costs little on a megabyte but 5 % of a
    /// flat picture cut into the strips' 64-row pieces; strips are batched until each
    /// thread has a piece this size.
    nonisolated(unsafe) static var minPieceBytes = 1 << 20
    /// The deflate method of every piece (`LP_DEFLATE_…` or a zlib level, after least-sum
    /// filters), for tests; nil: the level's own choice of filters and method per piece.
    nonisolated(unsafe) static var deflateMethod: Int32?
    /// Batches in flight at most (their samples and deflated pieces stay in memory meanwhile):
    /// one compresses while the next one stages, which keeps every core busy, since a
    /// batch has a piece per thread; more only held memory. A batch starts once the one
    /// before is done, so that their pieces' filter and trial buffers are not all held at once.
    static let maxPending = 1

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
        previous = []
        if let icc = options.iccProfile {
            try check(icc.bytes.withUnsafeBytes { lp_writer_set_iccp(w, icc.name, $0.baseAddress, $0.count) })
        }
        try check(lp_write_header(w, UInt32(width), UInt32(height), Int32(depth), Int32(channels), Int32(level)))
    }

    deinit {
        for strip in pending { strip.group.wait() }  // the background work reads their buffers
        staged?.deallocate()
        lp_writer_free(writer)
    }

    func check(_ status: Int32) throws {
        if status != LP_OK { throw LunetteError.io("\(name): \(String(cString: lp_writer_error(writer)))") }
    }

    /// Appends a strip of rendered rows (its top row is the next row of the file):
    /// converts them to samples now; once the batch holds a piece per thread (or the
    /// image is done), filters and deflates it in the background, and writes out every
    /// earlier batch that is done.
    func append(_ strip: PixelBuffer) throws {
        let n = strip.height
        guard n > 0 else { return }
        let last = rowsDone + n == height
        stage(strip)
        rowsDone += n
        if last || stagedRows * rowBytes >= min(threads, 32) * Self.minPieceBytes {
            try drain(keep: Self.maxPending - 1)
            launch(last: last)
        }
        try drain(keep: last ? 0 : Self.maxPending)
    }

    /// Converts a strip's rows to samples at the end of the batch, in bands on all cores.
    func stage(_ strip: PixelBuffer) {
        let n = strip.height, rowBytes = self.rowBytes
        if stagedRows + n > stagedCapacity {
            // Room for the whole batch at once (strips like this one up to the launch
            // threshold, or the image's remaining rows), so that rows are not copied again as
            // it grows, and no more: a spare strip's room would stay resident with the batch.
            let stripBytes = max(1, n * rowBytes)
            let batchRows = (min(threads, 32) * Self.minPieceBytes + stripBytes - 1) / stripBytes * n
            let wanted = min(stagedRows + batchRows, stagedRows + height - rowsDone)
            stagedCapacity = max(2 * stagedCapacity, stagedRows + n, wanted)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, stagedCapacity * rowBytes))
            if let staged { grown.update(from: staged, count: stagedRows * rowBytes); staged.deallocate() }
            staged = grown
        }
        let into = staged! + stagedRows * rowBytes
        let bands = max(1, min(threads, n, n * rowBytes / (1 << 16)))
        let convert: (Int) -> Void = { b in
            for i in b * n / bands..<(b + 1) * n / bands {
                SampleEncoder.encodeRow(
                    strip.row(n - 1 - i), strip.width, into: into + i * rowBytes,
                    channels: self.channels, depth: self.depth, space: self.space)
            }
        }
        if bands == 1 { convert(0) } else { DispatchQueue.concurrentPerform(iterations: bands, execute: convert) }
        stagedRows += n
    }

    /// Hands the batch to the background: a piece per thread, each at least `minPieceBytes`
    /// (a quarter of that in the last batch of a large image, which nothing overlaps: the
    /// rest of a batch would leave a core idle at the end).
    func launch(last: Bool) {
        guard let samples = staged, stagedRows > 0 else { return }
        let n = stagedRows
        let least = max(1, last && !previous.isEmpty ? Self.minPieceBytes / 4 : Self.minPieceBytes)
        let pieceCount = max(1, min(threads, n, n * rowBytes / least))
        let job = PendingStrip(
            samples: samples, rows: n, rowBytes: rowBytes, pieces: pieceCount, previous: previous, last: last)
        previous = Array(UnsafeBufferPointer(start: samples + (n - 1) * rowBytes, count: rowBytes))
        staged = nil
        stagedRows = 0; stagedCapacity = 0
        job.start(bpp: max(1, channels * depth / 8), level: level)
        pending.append(job)
    }

    /// Writes the finished strips at the head of the queue; waits for the oldest while
    /// more than `keep` are in flight.
    func drain(keep: Int) throws {
        while let first = pending.first {
            let mustWait = pending.count > keep
            if mustWait { first.group.wait() } else if first.group.wait(timeout: .now()) == .timedOut { return }
            pending.removeFirst()
            try write(first)
        }
    }

    /// Writes one strip's deflated pieces as IDAT chunks (the zlib header before the first,
    /// the combined Adler-32 after the last piece of the image).
    func write(_ job: PendingStrip) throws {
        for i in 0..<job.pieceCount {
            let piece = job.results[i]
            guard piece.size > 0 else { throw LunetteError.io("\(name): compression failed") }
            adler = lp_adler32_combine(adler, piece.adler, piece.length)
            var head: [UInt8] = []
            if !headerWritten { head = [0x78, lp_zlib_header_flags(Int32(level))]; headerWritten = true }
            var tail: [UInt8] = []
            if job.last && i == job.pieceCount - 1 {
                tail = [UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)]
            }
            try check(lp_write_chunk(writer, "IDAT", head, head.count, piece.data, piece.size, tail, tail.count))
        }
    }

    /// Writes IEND once every row is in.
    func finish() throws {
        try drain(keep: 0)
        guard rowsDone == height else { throw LunetteError.io("\(name): \(rowsDone) of \(height) rows written") }
        try check(lp_write_iend(writer))
    }
}
