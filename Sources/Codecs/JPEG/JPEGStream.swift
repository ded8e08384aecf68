import CColorShim
import CJPEGShim
import Foundation
import PixelCore

/// libjpeg rows for the streaming node, from the file's bytes in memory (kept by the node).
final class JPEGRowReader: RowReader {
    let reader: OpaquePointer
    let name: String
    var info = lj_info()

    /// The colour-managed CMYK conversion rows go through (kept alive with the reader).
    var cmyk: CMYKConversion? { didSet { cmyk?.attach(to: reader) } }

    /// A reader past the header; `start` also begins decompression (after the size checks),
    /// converting CMYK through `cmyk` when given.
    init(
        _ bytes: UnsafeMutableRawBufferPointer, name: String, start: Bool, shrink: Int = 1,
        cmyk: CMYKConversion? = nil
    ) throws {
        self.name = name
        guard let r = lj_reader_new(bytes.baseAddress, bytes.count, JPEGDecoder.maxScans) else {
            throw LunetteError.io("\(name): out of memory")
        }
        reader = r
        try JPEGDecoder.check(lj_read_header(r, &info, Int32(shrink)), r, name)
        self.cmyk = cmyk
        cmyk?.attach(to: r)
        if start { try begin() }
    }

    deinit { lj_reader_free(reader) }

    func begin() throws { try JPEGDecoder.check(lj_start(reader), reader, name) }

    func read(_ rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int) throws {
        try JPEGDecoder.check(
            lj_read_rows(reader, rows.assumingMemoryBound(to: UInt8.self), rowBytes, UInt32(count)), reader, name)
    }

    func finish() throws { try JPEGDecoder.check(lj_finish(reader), reader, name) }

    func readAll(_ rows: UnsafeMutableRawPointer, rowBytes: Int) throws {
        try read(rows, rowBytes: rowBytes, count: Int(info.height))
        try finish()
    }
}

/// A colour transform owned by a streaming node, applied to each converted row segment.
final class RowTransform: @unchecked Sendable {
    let handle: OpaquePointer
    init?(_ profile: ColorProfile?) {
        guard let profile, let t = lc_transform_new(profile.handle, ColorProfile.working.handle) else { return nil }
        handle = t
    }
    deinit { lc_transform_free(handle) }

    func apply(_ pixels: UnsafeMutablePointer<Pixel>, _ count: Int) {
        UnsafeMutableRawPointer(pixels).withMemoryRebound(to: Float.self, capacity: count * 4) {
            lc_transform_rgba(handle, $0, count)
        }
    }
}

/// File bytes in memory, freed when the last node decoding them (a stream and its
/// reduced twins) goes.
final class HeldBytes: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    init(_ bytes: UnsafeMutableRawBufferPointer) { self.bytes = bytes }
    deinit { bytes.deallocate() }
}

extension JPEGDecoder {
    /// A JPEG that decodes while it renders (a window of rows, as PNGs do), its profile
    /// applied per row; nil when the EXIF orientation asks for the whole image first.
    /// `bytes` belong to the node from here on (also when this throws or returns nil: freed).
    /// A resampler shrinking it enough reads it decoded at 1/2, 1/4 or 1/8 instead
    /// (`Image.resampled`), on top of `--shrink`'s factor, 8 at most in all.
    static func stream(_ bytes: UnsafeMutableRawBufferPointer, name: String, options: LoadOptions) throws -> Image? {
        try stream(HeldBytes(bytes), name: name, options: options)
    }

    static func stream(_ held: HeldBytes, name: String, options: LoadOptions) throws -> Image? {
        let bytes = held.bytes
        let shrink = options.scaleDenominator
        let reader = try JPEGRowReader(bytes, name: name, start: false, shrink: shrink)
        let info = reader.info
        let exif = info.exif.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_length)) }
        let icc = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_length)) }
        let file = DecodedFile(name: name, format: .jpeg, options: options, exif: exif, icc: info.cmyk != 0 ? nil : icc)
        if file.orientation != 1 { return nil }
        let width = Int(info.width), height = Int(info.height)
        try Limits.check(width: width, height: height, what: name)
        let cmyk = JPEGDecoder.cmykConversion(info, icc: icc, name: name, options: options)
        reader.cmyk = cmyk
        try reader.begin()
        let converter = RowConverter(sample: .u8, channels: Int(info.components), curve: file.curve)
        let transform = RowTransform(file.profile)
        var extra: [String: PropertyValue] = [
            "ColorModel": .string(info.cmyk != 0 ? "CMYK" : info.components == 1 ? "Gray" : "RGB")
        ]
        if info.progressive != 0 { extra["Progressive"] = .number(1) }
        let node = RowStreamNode(
            name: name, width: width, height: height, rowBytes: converter.rowBytes(width),
            opaque: true, wholeOnly: false, reader: reader,
            open: { try JPEGRowReader(held.bytes, name: name, start: true, shrink: shrink, cmyk: cmyk) },
            convert: { row, x, n, dst in
                converter.convert(row, from: x, count: n, into: dst)
                transform?.apply(dst, n)
            },
            reduce: { factor in
                var smaller = options
                smaller.scaleDenominator = shrink * factor
                guard smaller.scaleDenominator <= 8 else { return nil }
                return try? stream(held, name: name, options: smaller)
            })
        return Image(node).withMetadata(file.metadata(width: width, height: height, extra: extra))
    }
}
