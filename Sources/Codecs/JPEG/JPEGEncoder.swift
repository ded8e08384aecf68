import CJPEGShim
import Foundation
import PixelCore

/// JPEG writing through libjpeg-turbo: strips render from the top and go straight to
/// libjpeg, so memory stays one strip however large the image, except that optimised
/// Huffman tables (`optimize = true`, files about 4 % smaller) and progressive files make
/// libjpeg keep every DCT coefficient until the end (4K: about 25 MB); hence libjpeg's
/// standard tables by default, as vips and Pillow; `quality` (default 90), `progressive`, chroma `subsampling` 420/422/444; gray
/// when `channels` is gray; alpha is dropped (composited over black, as premultiplied
/// pixels are). The EXIF block and a non-sRGB profile are embedded.
/// Lua: `img:save("out.jpg", {quality = 85, progressive = true})`
enum JPEGEncoder {
    static func stream(
        _ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
        context: Context
    ) throws {
        let rect = try Context.renderRect(for: image)
        let channels = options.png.channels == .gray || options.png.channels == .graya ? 1 : 3
        guard let w = lj_writer_new(file) else { throw LunetteError.io("\(name): out of memory") }
        defer { lj_writer_free(w) }
        let exif = options.exifToWrite, icc = options.profileToWrite
        let status = exif.withOptionalBytes { e in
            icc.withOptionalBytes { p in
                var params = lj_write_params(
                    width: UInt32(rect.width), height: UInt32(rect.height), components: Int32(channels),
                    quality: Int32(options.quality), progressive: options.progressive ? 1 : 0,
                    subsampling: Int32(options.subsampling), optimize: options.optimizeHuffman ? 1 : 0,
                    icc: p.baseAddress, icc_length: p.count, exif: e.baseAddress, exif_length: e.count)
                return lj_write_start(w, &params)
            }
        }
        try check(status, w, name)
        let color = OutputColor(options)
        try context.renderStrips(image, rect: rect, stripHeight: PNGEncoder.stripHeight(width: rect.width)) { strip in
            color.prepare(strip)
            let samples = color.samples8(strip, channels: channels)
            try samples.withUnsafeBufferPointer {
                try check(lj_write_rows(w, $0.baseAddress, rect.width * channels, UInt32(strip.height)), w, name)
            }
        }
        try check(lj_write_finish(w), w, name)
    }

    static func check(_ status: Int32, _ w: OpaquePointer, _ name: String) throws {
        if status != LJ_OK { throw LunetteError.io("\(name): \(String(cString: lj_writer_error(w)))") }
    }
}

extension Optional where Wrapped == [UInt8] {
    /// Runs `body` on the bytes, or on an empty buffer (nil base address) when nil.
    func withOptionalBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        switch self {
        case .some(let bytes): return try bytes.withUnsafeBufferPointer(body)
        case .none: return try body(UnsafeBufferPointer(start: nil, count: 0))
        }
    }
}
