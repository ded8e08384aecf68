import CPNGShim
import Foundation
import PixelCore

/// A PNG decoded while it renders: rows come from libpng top to bottom, in chunks, as tiles
/// ask for them (a helper thread decodes a little ahead), and the renderer's `discardRows`
/// drops the chunks above what it can still read. A request for rows already dropped (a
/// second render, a warp reading upwards) decodes the whole file once more and keeps all
/// of it; interlaced files decode whole. Samples stay 8/16-bit RGB(A) until a tile converts
/// them to the working space. Lua: `lunette apply big.png -o out.png -f 'CIGaussianBlur{radius = 10}'`
final class PNGStreamNode: StreamingSource, @unchecked Sendable {
    /// Decoded rows [start, start + count), top row first.
    final class Rows {
        let start: Int, count: Int
        let samples: UnsafeMutableRawPointer
        init(start: Int, count: Int, rowBytes: Int) {
            self.start = start; self.count = count
            samples = .allocate(byteCount: max(1, count * rowBytes), alignment: 16)
        }
        deinit { samples.deallocate() }
    }

    enum Input { case file(String), memory(UnsafeMutableRawBufferPointer) }

    let input: Input
    let name: String
    let width: Int, height: Int, bitDepth: Int, channels: Int, rowBytes: Int
    let interlaced: Bool
    let isOpaque: Bool
    let samples: SampleDecoder

    let lock = NSCondition()
    var reader: OpaquePointer?
    var file: UnsafeMutablePointer<FILE>?
    /// Rows decoded so far by the current reader, the chunks kept, and the first row still wanted.
    var next = 0
    var window: [Rows] = []
    var wantedFrom = 0
    var whole: Rows?
    var failed: LunetteError?
    /// A thread is reading rows with the lock released; the furthest row asked for; the
    /// read-ahead thread's state.
    var decoding = false
    var requestedEnd = 0
    var aheadStarted = false
    /// Most rows held at once (a diagnostic for tests).
    var peakRows = 0
    var failure: LunetteError? { lock.lock(); defer { lock.unlock() }; return failed }

    /// Rows decoded per chunk, and how far (bytes of samples) the helper reads ahead.
    static let chunkRows = 16
    nonisolated(unsafe) static var aheadBytes = 2 << 20

    init(_ input: Input, name: String, space: WorkingSpace) throws {
        self.input = input
        self.name = name
        let layout: PNGChunks
        switch input {
        case .file(let path):
            guard let f = fopen(path, "rb") else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
            defer { fclose(f) }
            layout = try PNGChunks.scan(file: f, name: name)
        case .memory(let bytes):
            layout = try PNGChunks.scan(UnsafeRawBufferPointer(bytes), name: name)
        }
        var info = lp_info()
        let (r, f) = try Self.openReader(input, name: name, info: &info)
        reader = r; file = f
        width = Int(info.width); height = Int(info.height)
        do { try Limits.check(width: width, height: height, what: name) } catch { lp_reader_free(r); f.map { _ = fclose($0) }; throw error }
        bitDepth = Int(info.bit_depth)
        channels = Int(info.channels)
        rowBytes = width * channels * bitDepth / 8
        interlaced = info.interlaced != 0
        let ct = info.color_type
        isOpaque = (ct == 0 || ct == 2 || ct == 3) && !layout.hasTransparency
        samples = SampleDecoder(info, space: space)
    }

    deinit {
        closeReader()
        if case .memory(let bytes) = input { bytes.deallocate() }
    }

    /// A libpng reader past the header (the file opened anew for a file input).
    static func openReader(_ input: Input, name: String, info: inout lp_info) throws -> (OpaquePointer, UnsafeMutablePointer<FILE>?) {
        var file: UnsafeMutablePointer<FILE>?
        let reader: OpaquePointer?
        switch input {
        case .file(let path):
            guard let f = fopen(path, "rb") else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
            file = f
            reader = lp_reader_open_file(f, 0x7fff_ffff, PNGDecoder.maxChunkBytes)
        case .memory(let bytes):
            reader = lp_reader_new(bytes.baseAddress, bytes.count, 0x7fff_ffff, PNGDecoder.maxChunkBytes)
        }
        // RGB rather than RGBA when the file has no alpha: a quarter less memory per row.
        guard let reader else {
            if let file { fclose(file) }
            throw LunetteError.io("\(name): out of memory")
        }
        do {
            try PNGDecoder.check(lp_read_info_channels(reader, &info, 0), reader, name)
        } catch {
            lp_reader_free(reader)
            if let file { fclose(file) }
            throw error
        }
        return (reader, file)
    }

    func closeReader() {
        if let reader { lp_reader_free(reader) }
        if let file { fclose(file) }
        reader = nil; file = nil
    }

    var kind: NodeKind { .source }
    var extent: Rect { Rect(0, 0, Double(width), Double(height)) }
    var inputs: [Image] { [] }
    func regionOfInterest(for rect: IRect, input index: Int) -> Rect { .null }

    func discardRows(from y: Int) {
        lock.lock(); defer { lock.unlock() }
        guard whole == nil else { return }
        wantedFrom = max(wantedFrom, y <= 0 ? height : y >= height ? 0 : height - y)
        window.removeAll { $0.start + $0.count <= wantedFrom }
        lock.broadcast()  // a render that needs no more rows stops the helper
    }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let keep = rect.intersection(IRect(0, 0, width, height))
        let out = session.output(rect, zeroed: keep != rect)
        if keep.isEmpty { return out }
        let first = height - keep.maxY, end = height - keep.y  // file rows [first, end)
        let chunks = rows(first, end)
        for chunk in chunks {
            for i in max(first, chunk.start)..<min(end, chunk.start + chunk.count) {
                let dst = out.row(height - 1 - i - rect.y) + (keep.x - rect.x)
                samples.convert(chunk.samples + (i - chunk.start) * rowBytes, from: keep.x, count: keep.width, into: dst)
            }
        }
        return out
    }

    /// The chunks holding file rows [first, end), decoding forward as needed.
    func rows(_ first: Int, _ end: Int) -> [Rows] {
        lock.lock(); defer { lock.unlock() }
        requestedEnd = max(requestedEnd, end)
        if !aheadStarted, !interlaced, whole == nil {
            aheadStarted = true
            Thread { self.readAhead() }.start()
        }
        lock.broadcast()
        while true {
            if let whole { return [whole] }
            if decoding { lock.wait(); continue }
            // Rows above the first one kept are gone: decode everything again.
            if interlaced || first < (window.first?.start ?? next) { return decodeWhole().map { [$0] } ?? [] }
            if next >= end || failed != nil || reader == nil { break }
            step()
        }
        return window.filter { $0.start < end && $0.start + $0.count > first }
    }

    /// The helper thread: keeps decoding up to `aheadBytes` past the furthest row asked for,
    /// until the file ends or the render needs no more rows.
    func readAhead() {
        let ahead = max(Self.chunkRows, Self.aheadBytes / max(1, rowBytes))
        lock.lock(); defer { lock.unlock() }
        while failed == nil, reader != nil, whole == nil, next < height, wantedFrom < height {
            if decoding || next >= requestedEnd + ahead { lock.wait(); continue }
            step()
        }
    }

    /// Decodes the next chunk, with the lock released while libpng works (the lock is held
    /// on entry and on return; `decoding` keeps other threads off the reader meanwhile).
    func step() {
        guard let reader else { return }
        let n = min(Self.chunkRows, height - next)
        let chunk = Rows(start: next, count: n, rowBytes: rowBytes)
        decoding = true
        lock.unlock()
        let status = lp_read_rows(reader, chunk.samples, rowBytes, UInt32(n))
        let last = status == LP_OK && chunk.start + n == height
        let endStatus = last ? lp_read_finish(reader) : Int32(LP_OK)
        lock.lock()
        decoding = false
        defer { lock.broadcast() }
        guard record(status, reader), record(endStatus, reader) else { return }
        next += n
        if chunk.start + n > wantedFrom { window.append(chunk) }
        peakRows = max(peakRows, window.reduce(0) { $0 + $1.count })
        if last { closeReader() }
    }

    /// Decodes the whole file again into one chunk that is never dropped.
    func decodeWhole() -> Rows? {
        closeReader()
        window = []
        do {
            var info = lp_info()
            let (r, f) = try Self.openReader(input, name: name, info: &info)
            reader = r; file = f
            let all = Rows(start: 0, count: height, rowBytes: rowBytes)
            if record(lp_read_image(r, all.samples, rowBytes), r) { whole = all }
            closeReader()
            return whole
        } catch {
            if failed == nil { failed = error as? LunetteError ?? LunetteError.io("\(name): \(error)") }
        }
        return nil
    }

    /// Keeps the first decoding error; false when `status` is one.
    func record(_ status: Int32, _ reader: OpaquePointer) -> Bool {
        do {
            try PNGDecoder.check(status, reader, name)
            return true
        } catch {
            if failed == nil { failed = error as? LunetteError ?? LunetteError.invalid("\(name): \(error)") }
            closeReader()
            return false
        }
    }
}
