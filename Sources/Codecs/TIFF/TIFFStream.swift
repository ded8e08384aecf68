import CTIFFShim
import Foundation
import PixelCore

/// libtiff rows, top to bottom, from the file's bytes in memory (kept by the caller): a
/// strip's scanlines, or a band of one row of tiles, at a time.
final class TIFFRowReader: RowReader {
    let reader: OpaquePointer
    let name: String
    var info = lt_info()

    /// A reader of page `page` (1-based), past its directory.
    init(_ bytes: UnsafeRawBufferPointer, name: String, page: Int) throws {
        self.name = name
        guard let r = lt_reader_new(bytes.baseAddress, bytes.count) else { throw LunetteError.io("\(name): out of memory") }
        reader = r
        try TIFFDecoder.check(lt_read_info(r, Int32(page - 1), &info), r, name)
    }

    deinit { lt_reader_free(reader) }

    /// The page's ICC profile, if any.
    var icc: [UInt8]? { info.icc.map { Array(UnsafeBufferPointer(start: $0, count: Int(info.icc_length))) } }

    /// The conversion of the samples this reader delivers.
    func converter(_ file: DecodedFile) -> RowConverter {
        let sample: RowConverter.Sample = info.is_float != 0 ? .f32 : info.sample_bits == 16 ? .u16 : .u8
        return RowConverter(sample: sample, channels: Int(info.channels), curve: file.curve)
    }

    func read(_ rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int) throws {
        try TIFFDecoder.check(
            lt_read_rows(reader, rows.assumingMemoryBound(to: UInt8.self), rowBytes, UInt32(count)), reader, name)
    }

    func finish() throws {}

    func readAll(_ rows: UnsafeMutableRawPointer, rowBytes: Int) throws {
        try read(rows, rowBytes: rowBytes, count: Int(info.height))
    }
}

extension TIFFDecoder {
    /// A TIFF page that decodes while it renders (a window of rows, as PNGs and JPEGs do),
    /// its profile applied per row; nil when the orientation asks for the whole image first.
    /// Lua: `lunette apply scan.tif -o out.tif -f 'CIGaussianBlur{radius = 10}'`
    static func stream(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image? {
        let bytes = ImageIO.copy(data)
        var owned = true
        defer { if owned { bytes.deallocate() } }
        let page = options.page
        let reader = try TIFFRowReader(UnsafeRawBufferPointer(bytes), name: name, page: page)
        let info = reader.info
        var file = DecodedFile(
            name: name, format: .tiff, options: options, exif: EXIF.block(fromTIFF: data, page: page), icc: reader.icc)
        if options.orient && info.orientation != 1 { return nil }
        file.orientation = 1  // the file's own tag rules, not the EXIF copy
        let width = Int(info.width), height = Int(info.height)
        try Limits.check(width: width, height: height, what: name)
        let converter = reader.converter(file)
        let transform = RowTransform(file.profile)
        owned = false
        let node = RowStreamNode(
            name: name, width: width, height: height, rowBytes: converter.rowBytes(width),
            opaque: !converter.hasAlpha, wholeOnly: false, reader: reader,
            open: { try TIFFRowReader(UnsafeRawBufferPointer(bytes), name: name, page: page) },
            convert: { row, x, n, dst in
                converter.convert(row, from: x, count: n, into: dst)
                transform?.apply(dst, n)
            },
            release: { bytes.deallocate() })
        var m = file.metadata(width: width, height: height, extra: properties(info))
        m.orientation = Int(info.orientation)
        return Image(node).withMetadata(m)
    }
}
