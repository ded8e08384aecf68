import CEXRShim
import Foundation
import PixelCore

extension EXRCodec {
    /// Renders by strips and writes ZIP-compressed scanline chunks: the working space's
    /// values as they are (linear, Rec. 709 primaries, premultiplied as OpenEXR stores
    /// alpha, extended range kept), half floats unless `depth` is 32; Y(A) for gray
    /// `channels`. OpenEXRCore writes the chunk table last, so a pipe gets the file from a
    /// temporary one. No EXIF: OpenEXR has no place for it.
    /// Lua: `img:save("out.exr")`, `img:save("out.exr", {depth = 32})`
    static func stream(
        _ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
        context: Context
    ) throws {
        guard fseeko(file, 0, SEEK_CUR) == 0 else {
            let bytes = try ImageWriter.inMemory { try stream(image, to: $0, name: name, options: options, context: context) }
            guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
                throw LunetteError.io("\(name): write failed (\(String(cString: strerror(errno))))")
            }
            return
        }
        let rect = try Context.renderRect(for: image)
        let channels = options.channels(for: image)
        var why = [CChar](repeating: 0, count: 200)
        var params = le_write_params(
            width: Int32(rect.width), height: Int32(rect.height), channels: Int32(channels),
            float32: options.png.depth == 32 ? 1 : 0)
        guard let w = le_writer_new(file, &params, &why, why.count) else {
            throw LunetteError.io("\(name): OpenEXR \(String(cString: why))")
        }
        defer { le_writer_free(w) }
        let rowBytes = rect.width * channels * 4
        var row = [Float](repeating: 0, count: rect.width * channels)
        try context.renderStrips(image, rect: rect, stripHeight: PNGEncoder.stripHeight(width: rect.width)) { strip in
            for i in 0..<strip.height {
                let src = strip.row(strip.height - 1 - i)
                let status = row.withUnsafeMutableBufferPointer { dst -> Int32 in
                    samples(src, rect.width, channels: channels, into: dst.baseAddress!)
                    return le_writer_rows(w, dst.baseAddress, rowBytes, 1, &why, why.count)
                }
                if status != LE_OK { throw LunetteError.io("\(name): OpenEXR \(String(cString: why))") }
            }
        }
        if le_writer_finish(w, &why, why.count) != LE_OK { throw LunetteError.io("\(name): OpenEXR \(String(cString: why))") }
    }

    /// Premultiplied samples as OpenEXR stores them; Y is Rec. 709 luminance.
    static func samples(_ src: UnsafeMutablePointer<Pixel>, _ width: Int, channels: Int, into dst: UnsafeMutablePointer<Float>) {
        for x in 0..<width {
            let p = src[x], d = dst + x * channels
            switch channels {
            case 1: d[0] = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
            case 2: d[0] = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z; d[1] = p.w
            case 3: d[0] = p.x; d[1] = p.y; d[2] = p.z
            default: d[0] = p.x; d[1] = p.y; d[2] = p.z; d[3] = p.w
            }
        }
    }
}
