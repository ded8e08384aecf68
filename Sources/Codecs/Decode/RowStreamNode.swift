import Foundation
import PixelCore

/// A decoder handing out stored rows top to bottom (libpng, libjpeg): the streaming
/// node's source. `read` fills the next `count` rows; `readAll` decodes the whole image
/// (interlaced PNGs); errors are LunetteErrors with the format's exit status.
protocol RowReader: AnyObject {
    func read(_ rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int) throws
    /// After the last row: the rest of the file (trailing chunks, checksums).
    func finish() throws
    func readAll(_ rows: UnsafeMutableRawPointer, rowBytes: Int) throws
}

/// An image decoded while it renders: rows come from a `RowReader` top to bottom, in
/// chunks, as tiles ask for them (a helper thread decodes a little ahead), and the
/// renderer's `discardRows` drops the chunks above what it can still read. A request for
/// rows already dropped (a second render, a warp reading upwards) opens the file again,
/// decodes all of it and keeps it; `wholeOnly` files decode whole at once. Samples stay
/// as stored until a tile converts them (`convert`) to the working space.
/// Lua: `lunette apply big.jpg -o out.jpg -f 'CIGaussianBlur{radius = 10}'`
final class RowStreamNode: StreamingSource, @unchecked Sendable {
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

    /// Converts `count` stored pixels of a row, from pixel `x`, into working pixels.
    typealias Convert = (_ row: UnsafeRawPointer, _ x: Int, _ count: Int, _ into: UnsafeMutablePointer<Pixel>) -> Void

    let name: String
    let width: Int, height: Int, rowBytes: Int
    let wholeOnly: Bool
    let isOpaque: Bool
    let open: () throws -> RowReader
    let convert: Convert
    let release: () -> Void
    /// The same file decoded at 1/factor of its size (JPEG's scaled IDCT), or nil.
    let reduce: ((Int) -> Image?)?

    let lock = NSCondition()
    var reader: RowReader?
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
    nonisolated(unsafe) static var aheadBytes = 1 << 20

    /// `reader` is already past the header; `open` makes a new one for a second pass;
    /// `release` runs when the node goes (frees an input held in memory); `reduce` makes
    /// the reduced twin a shrinking resampler asks for (`ReducibleSource`).
    init(
        name: String, width: Int, height: Int, rowBytes: Int, opaque: Bool, wholeOnly: Bool, reader: RowReader,
        open: @escaping () throws -> RowReader, convert: @escaping Convert, release: @escaping () -> Void = {},
        reduce: ((Int) -> Image?)? = nil
    ) {
        self.name = name
        self.width = width; self.height = height; self.rowBytes = rowBytes
        isOpaque = opaque
        self.wholeOnly = wholeOnly
        self.reader = reader
        self.open = open
        self.convert = convert
        self.release = release
        self.reduce = reduce
    }

    deinit {
        reader = nil
        release()
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
                convert(chunk.samples + (i - chunk.start) * rowBytes, keep.x, keep.width, dst)
            }
        }
        return out
    }
}

extension RowStreamNode: ReducibleSource {
    func reduced(by factor: Int) -> Image? { reduce?(factor) }
}
