import CWebPShim
import Foundation
import PixelCore

/// WebP through libwebp: lossy and lossless, with alpha, reading the ICCP and EXIF chunks
/// and writing them back; its sides are at most 16383. `ImageIO.open` decodes by rows
/// (`WebPStream.swift`); libwebp's encoder needs the whole picture, so writing renders the
/// image whole into 8-bit samples first.
/// Lua: `img:save("out.webp", {quality = 80})`, `img:save("out.webp", {lossless = true})`
enum WebPCodec {
    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        try data.withUnsafeBufferPointer { d -> Image in
            var info = lw_info()
            var why = [CChar](repeating: 0, count: 200)
            try check(lw_info_read(d.baseAddress, d.count, &info, &why, why.count), why, name)
            if info.animated != 0 { throw LunetteError.invalid("\(name): animated WebP is not supported") }
            let exif = info.exif.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_length)) }
            let icc = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_length)) }
            let file = DecodedFile(name: name, format: .webp, options: options, exif: exif, icc: icc)
            let sink = try file.sink(width: Int(info.width), height: Int(info.height))
            let channels = info.has_alpha != 0 ? 4 : 3
            let converter = RowConverter(sample: .u8, channels: channels, curve: file.curve)
            let rowBytes = converter.rowBytes(sink.width)
            let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * sink.height)
            defer { samples.deallocate() }
            try check(lw_decode(d.baseAddress, d.count, samples, rowBytes, Int32(channels), &why, why.count), why, name)
            sink.put(samples, rowBytes: rowBytes, rows: 0..<sink.height, converter)
            return file.finish(sink, opaque: channels == 3, extra: ["Compression": kind(info)])
        }
    }

    static func check(_ status: Int32, _ why: [CChar], _ name: String) throws {
        guard status != LW_OK else { return }
        let text = String(cString: why)
        if status == LW_TRUNCATED { throw LunetteError(.truncated, "\(name): truncated WebP (\(text))") }
        throw LunetteError.invalid("\(name): invalid WebP (\(text))")
    }

    /// Renders the whole image, encodes it and writes the file.
    static func stream(
        _ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
        context: Context
    ) throws {
        let rect = try Context.renderRect(for: image)
        guard rect.width <= 16383, rect.height <= 16383 else {
            throw LunetteError.limit("\(name): \(rect.width)×\(rect.height) is larger than WebP allows (16383 per side)")
        }
        let channels = image.isOpaque ? 3 : 4
        let samples = try OutputColor.wholeImage8(image, rect: rect, channels: channels, options: options, context: context)
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var why = [CChar](repeating: 0, count: 200)
        let exif = options.exifToWrite, icc = options.profileToWrite
        let status = samples.withUnsafeBufferPointer { px in
            exif.withOptionalBytes { e in
                icc.withOptionalBytes { p in
                    var params = lw_encode_params(
                        width: Int32(rect.width), height: Int32(rect.height), channels: Int32(channels),
                        pixels: px.baseAddress, quality: Float(options.quality),
                        lossless: options.lossless ? 1 : 0, icc: p.baseAddress, icc_length: p.count,
                        exif: e.baseAddress, exif_length: e.count)
                    return lw_encode(&params, &out, &length, &why, why.count)
                }
            }
        }
        defer { lw_free(out) }
        guard status == LW_OK, let out else { throw LunetteError.io("\(name): WebP \(String(cString: why))") }
        if fwrite(out, 1, length, file) != length {
            throw LunetteError.io("\(name): write failed (\(String(cString: strerror(errno))))")
        }
    }
}
