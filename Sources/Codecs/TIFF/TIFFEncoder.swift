import CTIFFShim
import Foundation
import PixelCore

/// TIFF writing through libtiff, strip by strip as they render: `depth` 8 or 16 (integers,
/// the output colour space's encoding) or 32 (floats, unclamped: linear light, the
/// working space's values, as float TIFFs are read back), gray/RGB(A) by `channels`, compression none, LZW or deflate
/// (with a predictor), the profile embedded unless sRGB, the EXIF kept as Exif and GPS IFDs
/// and its text tags (ImageDescription, Software, DateTime, Artist, Copyright, …) as the
/// image's own.
/// Lua: `img:save("out.tif", {depth = 16, tiffCompression = "lzw"})`
enum TIFFEncoder {
    static func stream(
        _ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
        context: Context
    ) throws {
        let rect = try Context.renderRect(for: image)
        let channels = options.channels(for: image)
        let depth = options.png.depth
        let compression: Int32 = options.tiffCompression == "lzw" ? 1 : options.tiffCompression == "deflate" ? 2 : 0
        // Floats hold the working space's linear values as they are (no colour space, no profile).
        var o = options
        if depth == 32 { o.colorSpace = .srgb }
        let icc = o.profileToWrite
        let color = OutputColor(o)
        let w: OpaquePointer? = icc.withOptionalBytes { p in
            var params = lt_write_params(
                width: UInt32(rect.width), height: UInt32(rect.height), channels: Int32(channels),
                sample_bits: Int32(depth), compression: compression,
                icc: p.baseAddress, icc_length: UInt32(p.count))
            return lt_writer_new(file, &params)
        }
        guard let w else { throw LunetteError.io("\(name): out of memory") }
        defer { lt_writer_free(w) }
        let exif = options.exifToWrite.flatMap(EXIF.init)
        if let exif { try writeTexts(exif, w, name) }
        let rowBytes = rect.width * channels * depth / 8
        var row = [UInt8](repeating: 0, count: rowBytes)
        try context.renderStrips(image, rect: rect, stripHeight: PNGEncoder.stripHeight(width: rect.width)) { strip in
            color.prepare(strip)
            for i in 0..<strip.height {
                let src = strip.row(strip.height - 1 - i)
                row.withUnsafeMutableBytes { dst in
                    if depth == 32 {
                        floats(src, rect.width, channels: channels, into: dst.baseAddress!.assumingMemoryBound(to: Float.self))
                    } else {
                        SampleEncoder.encodeRow(
                            src, rect.width, into: dst.baseAddress!, channels: channels, depth: depth,
                            space: color.encoding)
                        if depth == 16 {  // SampleEncoder writes PNG's big-endian; TIFF here is host order
                            let p = dst.baseAddress!.assumingMemoryBound(to: UInt16.self)
                            for k in 0..<rect.width * channels { p[k] = UInt16(bigEndian: p[k]) }
                        }
                    }
                }
                try row.withUnsafeBufferPointer { try check(lt_write_rows(w, $0.baseAddress, rowBytes, 1), w, name) }
            }
        }
        if let exif { try writeEXIF(exif, w, name) }
        try check(lt_write_finish(w), w, name)
    }

    /// The input's descriptive text tags (a TIFF's own, or a JPEG's EXIF IFD0 ones) as this
    /// file's: ImageDescription, Make, Model, Software, DateTime, Artist, Copyright.
    static func writeTexts(_ exif: EXIF, _ w: OpaquePointer, _ name: String) throws {
        for e in exif.parts().main where [270, 271, 272, 305, 306, 315, 33432].contains(e.tag) && e.type == 2 {
            let text = String(decoding: e.value.prefix { $0 != 0 }, as: UTF8.self)
            if !text.isEmpty { try check(lt_write_text(w, Int32(e.tag), text), w, name) }
        }
    }

    /// Appends the Exif and GPS IFDs of `exif` after the pixels and points the image's IFD
    /// at them (the orientation is the file's own tag: always 1, top-left).
    static func writeEXIF(_ exif: EXIF, _ w: OpaquePointer, _ name: String) throws {
        let (fields, gps) = exif.exifAndGPSLittleEndian()
        guard !fields.isEmpty || !gps.isEmpty else { return }
        let base = Int(lt_write_tail_offset(w))
        guard base > 0 else { throw LunetteError.io("\(name): TIFF write failed") }
        let tail = EXIF.ifds(little: true, base: base, ifd0: nil, exif: fields, gps: gps)
        try check(lt_write_tail(w, tail.bytes, tail.bytes.count, UInt64(tail.exif), UInt64(tail.gps)), w, name)
    }

    /// Unpremultiplied float samples, unclamped.
    static func floats(_ src: UnsafeMutablePointer<Pixel>, _ width: Int, channels: Int, into dst: UnsafeMutablePointer<Float>) {
        for x in 0..<width {
            let p = src[x]
            let u = p.w > 0 ? Pixel(p.x / p.w, p.y / p.w, p.z / p.w, p.w) : Pixel(0, 0, 0, 0)
            let d = dst + x * channels
            switch channels {
            case 1: d[0] = 0.2126 * u.x + 0.7152 * u.y + 0.0722 * u.z
            case 2: d[0] = 0.2126 * u.x + 0.7152 * u.y + 0.0722 * u.z; d[1] = u.w
            case 3: d[0] = u.x; d[1] = u.y; d[2] = u.z
            default: d[0] = u.x; d[1] = u.y; d[2] = u.z; d[3] = u.w
            }
        }
    }

    static func check(_ status: Int32, _ w: OpaquePointer, _ name: String) throws {
        if status != LT_OK { throw LunetteError.io("\(name): TIFF \(String(cString: lt_writer_error(w)))") }
    }
}
