import CJPEGShim
import Foundation
import PixelCore

/// JPEG reading through libjpeg-turbo: baseline, progressive, grayscale, CMYK/YCCK (Adobe
/// inverted inks; through the embedded CMYK profile when there is one, else converted the
/// naive way Pillow does), with the APP2 ICC profile and the APP1 EXIF
/// block. Rows are decoded in small batches straight into the pixel buffer; the size is
/// checked against the limits before libjpeg allocates anything. Running out of data is
/// truncation (exit 4); anything else libjpeg refuses is damage (exit 3).
/// Lua: `Image.load("photo.jpg")`
enum JPEGDecoder {
    /// Most scans a progressive file may have (libjpeg-turbo's own advice for untrusted input).
    nonisolated(unsafe) static var maxScans: Int32 = 500

    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            guard let r = lj_reader_new(bytes.baseAddress, bytes.count, maxScans) else {
                throw LunetteError.io("\(name): out of memory")
            }
            defer { lj_reader_free(r) }
            var info = lj_info()
            try check(lj_read_header(r, &info, Int32(options.scaleDenominator)), r, name)
            let exif = info.exif.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_length)) }
            let icc = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_length)) }
            let file = DecodedFile(name: name, format: .jpeg, options: options, exif: exif, icc: info.cmyk != 0 ? nil : icc)
            let cmyk = cmykConversion(info, icc: icc, name: name, options: options)
            cmyk?.attach(to: r)
            defer { withExtendedLifetime(cmyk) {} }
            let sink = try file.sink(width: Int(info.width), height: Int(info.height))
            try check(lj_start(r), r, name)
            let converter = RowConverter(sample: .u8, channels: Int(info.components), curve: file.curve)
            let rowBytes = converter.rowBytes(sink.width)
            let batch = 64
            let rows = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * batch, alignment: 64)
            defer { rows.deallocate() }
            var y = 0
            while y < sink.height {
                let n = min(batch, sink.height - y)
                try check(lj_read_rows(r, rows.assumingMemoryBound(to: UInt8.self), rowBytes, UInt32(n)), r, name)
                sink.put(rows, rowBytes: rowBytes, rows: y..<y + n, converter)
                y += n
            }
            try check(lj_finish(r), r, name)
            var extra: [String: PropertyValue] = [
                "ColorModel": .string(info.cmyk != 0 ? "CMYK" : info.components == 1 ? "Gray" : "RGB")
            ]
            if info.progressive != 0 { extra["Progressive"] = .number(1) }
            return file.finish(sink, opaque: true, extra: extra)
        }
    }

    /// The conversion of a CMYK file through its embedded profile (none for raw values).
    static func cmykConversion(_ info: lj_info, icc: [UInt8]?, name: String, options: LoadOptions) -> CMYKConversion? {
        guard info.cmyk != 0, options.space != .none else { return nil }
        return CMYKConversion(icc: icc, inverted: info.adobe != 0, name: name)
    }

    static func check(_ status: Int32, _ r: OpaquePointer, _ name: String) throws {
        guard status != LJ_OK else { return }
        let why = String(cString: lj_reader_error(r))
        if status == LJ_TRUNCATED { throw LunetteError(.truncated, "\(name): truncated JPEG (\(why))") }
        throw LunetteError.invalid("\(name): invalid JPEG (\(why))")
    }
}
