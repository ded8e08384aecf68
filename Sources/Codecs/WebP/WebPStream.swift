import CWebPShim
import Foundation
import PixelCore

/// libwebp rows for the streaming node, from the file's bytes in memory (kept by the
/// node): the incremental decoder is fed the file in pieces and rows are copied out as
/// soon as they are decoded.
final class WebPRowReader: RowReader {
    let stream: OpaquePointer
    let name: String
    let height: Int

    init(_ bytes: UnsafeRawBufferPointer, channels: Int, height: Int, name: String) throws {
        self.name = name
        self.height = height
        guard let s = lw_stream_new(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, Int32(channels))
        else { throw LunetteError.io("\(name): out of memory") }
        stream = s
    }

    deinit { lw_stream_free(stream) }

    func read(_ rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int) throws {
        var why = [CChar](repeating: 0, count: 200)
        let status = lw_stream_rows(
            stream, rows.assumingMemoryBound(to: UInt8.self), rowBytes, Int32(count), &why, why.count)
        try WebPCodec.check(status, why, name)
    }

    func finish() throws {}

    func readAll(_ rows: UnsafeMutableRawPointer, rowBytes: Int) throws {
        try read(rows, rowBytes: rowBytes, count: height)
    }
}

extension WebPCodec {
    /// A WebP that decodes while it renders (a window of rows, as PNGs do), its profile
    /// applied per row; nil when the EXIF orientation asks for the whole image first.
    /// libwebp still holds its own 8-bit picture (its encoder and decoder work on whole
    /// images); the float pixel buffer is never made.
    /// Lua: `lunette apply photo.webp -o out.png -f 'CIGaussianBlur{radius = 10}'`
    static func streamingImage(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image? {
        var info = lw_info()
        var why = [CChar](repeating: 0, count: 200)
        try data.withUnsafeBufferPointer { try check(lw_info_read($0.baseAddress, $0.count, &info, &why, why.count), why, name) }
        if info.animated != 0 { throw LunetteError.invalid("\(name): animated WebP is not supported") }
        let exif = info.exif.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_length)) }
        let icc = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_length)) }
        let file = DecodedFile(name: name, format: .webp, options: options, exif: exif, icc: icc)
        if file.orientation != 1 { return nil }
        let width = Int(info.width), height = Int(info.height)
        try Limits.check(width: width, height: height, what: name)
        let channels = info.has_alpha != 0 ? 4 : 3
        let converter = RowConverter(sample: .u8, channels: channels, curve: file.curve)
        let transform = RowTransform(file.profile)
        let bytes = ImageIO.copy(data)
        let reader: WebPRowReader
        do {
            reader = try WebPRowReader(UnsafeRawBufferPointer(bytes), channels: channels, height: height, name: name)
        } catch {
            bytes.deallocate()
            throw error
        }
        let node = RowStreamNode(
            name: name, width: width, height: height, rowBytes: converter.rowBytes(width),
            opaque: channels == 3, wholeOnly: false, reader: reader,
            open: { try WebPRowReader(UnsafeRawBufferPointer(bytes), channels: channels, height: height, name: name) },
            convert: { row, x, n, dst in
                converter.convert(row, from: x, count: n, into: dst)
                transform?.apply(dst, n)
            },
            release: { bytes.deallocate() })
        return Image(node).withMetadata(file.metadata(width: width, height: height, extra: ["Compression": kind(info)]))
    }

    /// "lossless", "lossy" or "mixed", as `img.properties.Compression` shows it.
    static func kind(_ info: lw_info) -> PropertyValue {
        .string(info.lossless == 1 ? "lossless" : info.lossless == 0 ? "lossy" : "mixed")
    }
}
