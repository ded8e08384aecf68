import CEXRShim
import Foundation
import PixelCore

/// OpenEXR through OpenEXRCore (OpenEXR 3's C library): half and float R, G, B(, A) or
/// Y(, A) channels of scanline or tiled files (the first part, full resolution), read as
/// the linear, premultiplied values they are: extended range kept, no curve, no clamp.
/// Chromaticities other than Rec. 709 are converted to the working primaries
/// (`EXRChromaticities`). Reading streams a chunk (or a row of tiles) at a time; writing
/// renders by strips into ZIP-compressed scanline chunks of half floats (`depth = 32`:
/// floats) with Rec. 709 chromaticities.
/// Lua: `Image.load("render.exr")`, `img:save("out.exr", {depth = 32})`
enum EXRCodec {
    /// A reader past the header of `bytes` (held by the caller), with the file's layout.
    static func reader(_ bytes: UnsafeRawBufferPointer, name: String) throws -> (OpaquePointer, le_info) {
        var info = le_info()
        var status: Int32 = 0
        var why = [CChar](repeating: 0, count: 200)
        let r = le_reader_new(
            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, Int32(clamping: Limits.maxSide),
            &info, &status, &why, why.count)
        guard let r else {
            try check(status == LE_OK ? Int32(LE_ERROR) : status, why, name)
            throw LunetteError.invalid("\(name): invalid OpenEXR")
        }
        do {
            try Limits.check(width: Int(info.width), height: Int(info.height), what: name)
        } catch {
            le_reader_free(r)
            throw error
        }
        return (r, info)
    }

    static func check(_ status: Int32, _ why: [CChar], _ name: String) throws {
        guard status != LE_OK else { return }
        let text = String(cString: why)
        if status == LE_TRUNCATED { throw LunetteError(.truncated, "\(name): truncated OpenEXR (\(text))") }
        throw LunetteError.invalid("\(name): invalid OpenEXR (\(text))")
    }

    /// The whole image in a pixel buffer (`Image.load`), a band of rows at a time.
    static func image(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        try data.withUnsafeBytes { bytes -> Image in
            let (r, info) = try reader(bytes, name: name)
            defer { le_reader_free(r) }
            let file = DecodedFile(name: name, format: .exr, options: options, exif: nil, icc: nil)
            let sink = try file.sink(width: Int(info.width), height: Int(info.height))
            let converter = RowConverter(sample: .f32Associated, channels: Int(info.channels), curve: .linear)
            let rowBytes = converter.rowBytes(sink.width), band = Int(info.band_rows)
            let rows = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * band, alignment: 16)
            defer { rows.deallocate() }
            var why = [CChar](repeating: 0, count: 200)
            for top in stride(from: 0, to: sink.height, by: band) {
                let n = min(band, sink.height - top)
                try check(
                    le_reader_rows(r, rows.assumingMemoryBound(to: Float.self), rowBytes, Int32(n), &why, why.count), why, name)
                sink.put(rows, rowBytes: rowBytes, rows: top..<top + n, converter)
            }
            if options.space != .none, let matrix = EXRChromaticities(info, name: name) { matrix.apply(sink.buffer) }
            let m = file.metadata(width: sink.width, height: sink.height, extra: extra(info))
            return Image(SourceNode(sink.buffer, opaque: info.channels % 2 == 1)).withMetadata(m)
        }
    }

    /// `img.properties` entries: the compression, bits per sample (16: half) and layout.
    static func extra(_ info: le_info) -> [String: PropertyValue] {
        let names = ["none", "rle", "zips", "zip", "piz", "pxr24", "b44", "b44a", "dwaa", "dwab"]
        let c = Int(info.compression)
        return [
            "Compression": .string(names.indices.contains(c) ? names[c] : "unknown"),
            "Depth": .number(info.half != 0 ? 16 : 32),
            "Storage": .string(info.tiled != 0 ? "tiled" : "scanline"),
        ]
    }
}
