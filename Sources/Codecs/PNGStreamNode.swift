import CPNGShim
import Foundation
import PixelCore

/// The streaming PNG: a `RowStreamNode` over libpng rows (RGB or RGBA, 8/16-bit, kept as
/// stored until a tile converts them). Interlaced files, whose rows fill in over seven
/// passes, decode whole. Lua: `lunette apply big.png -o out.png -f 'CIGaussianBlur{radius = 10}'`
typealias PNGStreamNode = RowStreamNode

/// libpng rows for the streaming node: a reader over a file (opened anew for each pass)
/// or over bytes in memory.
final class PNGRowReader: RowReader {
    enum Input { case file(String), memory(UnsafeMutableRawBufferPointer) }

    let reader: OpaquePointer
    let file: UnsafeMutablePointer<FILE>?
    let name: String
    var info = lp_info()

    /// A reader past the header (RGB rather than RGBA when the file has no alpha: a
    /// quarter less memory per row).
    init(_ input: Input, name: String) throws {
        self.name = name
        var f: UnsafeMutablePointer<FILE>?
        let r: OpaquePointer?
        switch input {
        case .file(let path):
            guard let opened = fopen(path, "rb") else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
            f = opened
            r = lp_reader_open_file(opened, 0x7fff_ffff, PNGDecoder.maxChunkBytes)
        case .memory(let bytes):
            r = lp_reader_new(bytes.baseAddress, bytes.count, 0x7fff_ffff, PNGDecoder.maxChunkBytes)
        }
        guard let r else {
            if let f { fclose(f) }
            throw LunetteError.io("\(name): out of memory")
        }
        reader = r; file = f
        try PNGDecoder.check(lp_read_info_channels(r, &info, 0), r, name)
    }

    deinit {
        lp_reader_free(reader)
        if let file { fclose(file) }
    }

    func read(_ rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int) throws {
        try PNGDecoder.check(lp_read_rows(reader, rows, rowBytes, UInt32(count)), reader, name)
    }

    func finish() throws { try PNGDecoder.check(lp_read_finish(reader), reader, name) }

    func readAll(_ rows: UnsafeMutableRawPointer, rowBytes: Int) throws {
        try PNGDecoder.check(lp_read_image(reader, rows, rowBytes), reader, name)
    }
}

extension RowStreamNode {
    /// A streaming PNG from a file or from bytes in memory (freed with the node).
    convenience init(_ input: PNGRowReader.Input, name: String, space: WorkingSpace) throws {
        let layout: PNGChunks
        switch input {
        case .file(let path):
            guard let f = fopen(path, "rb") else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
            defer { fclose(f) }
            layout = try PNGChunks.scan(file: f, name: name)
        case .memory(let bytes):
            layout = try PNGChunks.scan(UnsafeRawBufferPointer(bytes), name: name)
        }
        let reader = try PNGRowReader(input, name: name)
        let info = reader.info
        let width = Int(info.width), height = Int(info.height)
        try Limits.check(width: width, height: height, what: name)
        let ct = info.color_type
        let samples = SampleDecoder(info, space: space)
        self.init(
            name: name, width: width, height: height, rowBytes: samples.rowBytes(width),
            opaque: (ct == 0 || ct == 2 || ct == 3) && !layout.hasTransparency, wholeOnly: info.interlaced != 0,
            reader: reader, open: { try PNGRowReader(input, name: name) },
            convert: { samples.convert($0, from: $1, count: $2, into: $3) },
            release: { if case .memory(let bytes) = input { bytes.deallocate() } })
    }
}
