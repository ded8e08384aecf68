import CTIFFShim
import Foundation
import PixelCore

/// TIFF reading through libtiff: 8/16-bit integer and 32-bit float (taken as linear light),
/// gray or RGB, with or without alpha, uncompressed, LZW, deflate and the rest libtiff
/// knows; tiled, palette, YCbCr and CMYK files come through libtiff's 8-bit RGBA reader.
/// The ICC profile and the Orientation tag are honoured; the first IFD's Exif and GPS
/// IFDs become `img.properties` and the EXIF outputs keep. Page 1 unless `page` says.
/// Lua: `Image.load("scan.tif", {page = 2})`; CLI: `--page 2`
enum TIFFDecoder {
    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            guard let r = lt_reader_new(bytes.baseAddress, bytes.count) else { throw LunetteError.io("\(name): out of memory") }
            defer { lt_reader_free(r) }
            var info = lt_info()
            try check(lt_read_info(r, Int32(options.page - 1), &info), r, name)
            let icc = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: Int(info.icc_length))) }
            var file = DecodedFile(
                name: name, format: .tiff, options: options, exif: options.page == 1 ? EXIF.block(fromTIFF: data) : nil, icc: icc)
            file.orientation = options.orient ? Int(info.orientation) : 1
            let sink = try file.sink(width: Int(info.width), height: Int(info.height))
            let sample: RowConverter.Sample = info.is_float != 0 ? .f32 : info.sample_bits == 16 ? .u16 : .u8
            let converter = RowConverter(sample: sample, channels: Int(info.channels), curve: file.curve)
            let rowBytes = converter.rowBytes(sink.width)
            let (total, overflow) = rowBytes.multipliedReportingOverflow(by: sink.height)
            guard !overflow else { throw LunetteError.limit("\(name): image too large") }
            let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, total))
            defer { samples.deallocate() }
            try check(lt_read_image(r, samples, rowBytes), r, name)
            sink.put(samples, rowBytes: rowBytes, rows: 0..<sink.height, converter)
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
            let image = file.finish(sink, opaque: !converter.hasAlpha, extra: metadata)
            var m = image.metadata
            m?.orientation = Int(info.orientation)
            m?.orientationApplied = file.orientation != 1
            return image.withMetadata(m)
        }
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
