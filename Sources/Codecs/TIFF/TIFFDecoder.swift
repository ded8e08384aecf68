import CTIFFShim
import Foundation
import PixelCore

/// TIFF reading through libtiff: 8/16-bit integer and 32-bit float (taken as linear light),
/// gray or RGB, with or without alpha, uncompressed, LZW, deflate and the rest libtiff
/// knows, in strips or tiles; palette, YCbCr and CMYK files come through libtiff's 8-bit
/// RGBA reader. Rows are decoded a strip or a row of tiles at a time (`TIFFRowReader`).
/// The ICC profile and the Orientation tag are honoured; the first IFD's Exif and GPS
/// IFDs become `img.properties` and the EXIF outputs keep. Page 1 unless `page` says.
/// Lua: `Image.load("scan.tif", {page = 2})`; CLI: `--page 2`
enum TIFFDecoder {
    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            let reader = try TIFFRowReader(UnsafeRawBufferPointer(bytes), name: name, page: options.page)
            let info = reader.info
            var file = DecodedFile(
                name: name, format: .tiff, options: options, exif: EXIF.block(fromTIFF: data, page: options.page),
                icc: reader.icc)
            file.orientation = options.orient ? Int(info.orientation) : 1
            let sink = try file.sink(width: Int(info.width), height: Int(info.height))
            let converter = reader.converter(file)
            let rowBytes = converter.rowBytes(sink.width)
            let batch = min(sink.height, 64)
            let (total, overflow) = rowBytes.multipliedReportingOverflow(by: batch)
            guard !overflow else { throw LunetteError.limit("\(name): image too large") }
            let rows = UnsafeMutableRawPointer.allocate(byteCount: max(1, total), alignment: 64)
            defer { rows.deallocate() }
            var y = 0
            while y < sink.height {
                let n = min(batch, sink.height - y)
                try reader.read(rows, rowBytes: rowBytes, count: n)
                sink.put(rows, rowBytes: rowBytes, rows: y..<y + n, converter)
                y += n
            }
            let image = file.finish(sink, opaque: !converter.hasAlpha, extra: properties(info))
            var m = image.metadata
            m?.orientation = Int(info.orientation)
            m?.orientationApplied = file.orientation != 1
            return image.withMetadata(m)
        }
    }

    /// The page's TIFF fields `img.properties` shows (besides the EXIF ones).
    static func properties(_ info: lt_info) -> [String: PropertyValue] {
        var metadata: [String: PropertyValue] = [
            "Orientation": .number(Double(info.orientation)), "Pages": .number(Double(info.pages)),
            "Depth": .number(Double(info.sample_bits)), "Compression": .number(Double(info.compression)),
        ]
        if info.is_float != 0 { metadata["Float"] = .number(1) }
        let texts = [
            ("Make", info.make), ("Model", info.model), ("Software", info.software), ("DateTime", info.datetime),
            ("Artist", info.artist), ("ImageDescription", info.description), ("Copyright", info.copyright),
        ]
        let tiff = texts.compactMap { key, p in p.map { (key, PropertyValue.string(String(cString: $0))) } }
        if !tiff.isEmpty { metadata["TIFF"] = .dictionary(Dictionary(tiff) { a, _ in a }) }
        return metadata
    }

    /// libtiff reports running short of data as read errors; those are truncation.
    static func check(_ status: Int32, _ r: OpaquePointer, _ name: String) throws {
        guard status != LT_OK else { return }
        let why = String(cString: lt_reader_error(r))
        let short =
            why.contains("Read error") || why.contains("end of file") || why.contains("Seek error") || why.contains("Cannot read")
        if status == LT_TRUNCATED || short { throw LunetteError(.truncated, "\(name): truncated TIFF (\(why))") }
        if why.hasPrefix("no page") { throw LunetteError.invalid("\(name): \(why)") }
        throw LunetteError.invalid("\(name): invalid TIFF (\(why))")
    }
}
