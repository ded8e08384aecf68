import CEXRShim
import Foundation
import PixelCore

/// OpenEXR rows for the streaming node, from the file's bytes in memory (kept by the
/// node): OpenEXRCore decodes a scanline chunk or a row of tiles at a time and rows are
/// copied out of it top to bottom.
final class EXRRowReader: RowReader {
    let reader: OpaquePointer
    let info: le_info
    let name: String

    init(_ bytes: UnsafeRawBufferPointer, name: String) throws {
        self.name = name
        (reader, info) = try EXRCodec.reader(bytes, name: name)
    }

    deinit { le_reader_free(reader) }

    func read(_ rows: UnsafeMutableRawPointer, rowBytes: Int, count: Int) throws {
        var why = [CChar](repeating: 0, count: 200)
        let status = le_reader_rows(reader, rows.assumingMemoryBound(to: Float.self), rowBytes, Int32(count), &why, why.count)
        try EXRCodec.check(status, why, name)
    }

    func finish() throws {}

    func readAll(_ rows: UnsafeMutableRawPointer, rowBytes: Int) throws {
        try read(rows, rowBytes: rowBytes, count: Int(info.height))
    }
}

extension EXRCodec {
    /// An OpenEXR that decodes while it renders (a window of rows, as the other formats
    /// do); OpenEXR has no orientation to apply, so every readable file streams.
    /// Lua: `lunette apply render.exr -o out.exr -f 'CIExposureAdjust{EV = -1}'`
    static func streamingImage(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        let bytes = ImageIO.copy(data)
        let reader: EXRRowReader
        do {
            reader = try EXRRowReader(UnsafeRawBufferPointer(bytes), name: name)
        } catch {
            bytes.deallocate()
            throw error
        }
        let info = reader.info
        let width = Int(info.width), height = Int(info.height)
        let converter = RowConverter(sample: .f32Associated, channels: Int(info.channels), curve: .linear)
        let matrix = options.space == .none ? nil : EXRChromaticities(info, name: name)
        let node = RowStreamNode(
            name: name, width: width, height: height, rowBytes: converter.rowBytes(width),
            opaque: !converter.hasAlpha, wholeOnly: false, reader: reader,
            open: { try EXRRowReader(UnsafeRawBufferPointer(bytes), name: name) },
            convert: { row, x, n, dst in
                converter.convert(row, from: x, count: n, into: dst)
                matrix?.apply(dst, n)
            },
            release: { bytes.deallocate() })
        let file = DecodedFile(name: name, format: .exr, options: options, exif: nil, icc: nil)
        return Image(node).withMetadata(file.metadata(width: width, height: height, extra: extra(info)))
    }
}
