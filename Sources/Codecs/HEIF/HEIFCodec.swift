import CHEIFShim
import Foundation
import PixelCore

/// HEIF/HEIC and AVIF through libheif: the primary image, 8 to 12 bits, with alpha, its
/// ICC profile or nclx colour description (BT.709/sRGB, Display P3, BT.2020 primaries;
/// sRGB, BT.709, linear, gamma 2.2/2.8 transfer; PQ/HLG warn)
/// and EXIF. The container's rotation and mirroring are applied by libheif, so the EXIF
/// orientation is not applied again (the HEIF rule). Writing needs an encoder in Debian's
/// libheif (x265 for HEIC, libaom for AVIF). Lua: `Image.load("IMG_0001.HEIC")`
enum HEIFCodec {
    static func canEncode(_ format: ImageFormat) -> Bool { lh_can_encode(format == .avif ? 1 : 0) != 0 }

    static func image(_ data: [UInt8], name: String, format: ImageFormat, options: LoadOptions) throws -> Image {
        guard let r = lh_reader_new() else { throw LunetteError.io("\(name): out of memory") }
        defer { lh_reader_free(r) }
        let kind = format == .avif ? "AVIF" : "HEIF"
        if let cut = boxPastEnd(data) { throw LunetteError(.truncated, "\(name): truncated \(kind) (\(cut))") }
        return try data.withUnsafeBytes { bytes -> Image in
            var info = lh_info()
            try check(lh_read_info(r, bytes.baseAddress, bytes.count, UInt32(clamping: libheifSideLimit), &info), r, name, kind)
            let exif = info.exif.map { Array(UnsafeBufferPointer(start: $0, count: info.exif_length)) }
            let icc = info.icc.map { Array(UnsafeBufferPointer(start: $0, count: info.icc_length)) }
            var noOrient = options
            noOrient.orient = false
            let file = DecodedFile(
                name: name, format: format, options: noOrient, exif: exif, icc: icc,
                profile: nclxProfile(info, name: name))
            let sink = try file.sink(width: Int(info.width), height: Int(info.height))
            let channels = info.has_alpha != 0 ? 4 : 3
            let sixteen = info.bits > 8
            let converter = RowConverter(sample: sixteen ? .u16 : .u8, channels: channels, curve: file.curve)
            let rowBytes = converter.rowBytes(sink.width)
            let samples = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * sink.height)
            defer { samples.deallocate() }
            try check(lh_decode(r, samples, rowBytes, sixteen ? 1 : 0), r, name, kind)
            sink.put(samples, rowBytes: rowBytes, rows: 0..<sink.height, converter)
            let image = file.finish(sink, opaque: channels == 3, extra: ["Depth": .number(Double(info.bits))])
            // libheif turned the pixels upright: an output's EXIF gets orientation 1.
            var m = image.metadata
            m?.orientationApplied = true
            return image.withMetadata(m)
        }
    }

    /// The first top-level ISO box whose declared size runs past the end of the data.
    static func boxPastEnd(_ d: [UInt8]) -> String? {
        var at = 0
        while at + 8 <= d.count {
            var size = Int(d[at]) << 24 | Int(d[at + 1]) << 16 | Int(d[at + 2]) << 8 | Int(d[at + 3])
            let type = String(decoding: d[at + 4..<at + 8], as: UTF8.self)
            if size == 1, at + 16 <= d.count {
                size = d[at + 8..<at + 16].reduce(0) { ($0 << 8) | Int($1) }
                if size < 0 || size > 1 << 48 { return nil }
            }
            if size == 0 { return nil }  // to the end of the file
            if size < 8 { return nil }  // damaged: libheif names it
            if at + size > d.count {
                return "'\(type.filter { $0.isLetter || $0.isNumber })' box of \(size) bytes runs past the end of the file"
            }
            at += size
        }
        return at < d.count ? "a box header is cut short" : nil
    }

    /// The profile of the nclx colour description (primaries and transfer, H.273), nil
    /// for sRGB or none; the ICC profile wins when the file has both.
    static func nclxProfile(_ info: lh_info, name: String) -> ColorProfile? {
        guard info.primaries != 0, info.icc == nil else { return nil }
        return ColorProfile.cicp(primaries: Int(info.primaries), transfer: Int(info.transfer), name: name, what: "nclx")
    }

    static func check(_ status: Int32, _ r: OpaquePointer, _ name: String, _ kind: String) throws {
        guard status != LH_OK else { return }
        let why = String(cString: lh_reader_error(r))
        if status == LH_TRUNCATED { throw LunetteError(.truncated, "\(name): truncated \(kind) (\(why))") }
        if why.contains("security limit") || why.contains("exceeds the maximum") { throw LunetteError.limit("\(name): \(why)") }
        throw LunetteError.invalid("\(name): invalid \(kind) (\(why))")
    }

    /// Renders the whole image (libheif encodes whole images) and writes HEIC or AVIF.
    static func stream(
        _ image: Image, format: ImageFormat, to file: UnsafeMutablePointer<FILE>, name: String,
        options: SaveOptions, context: Context
    ) throws {
        let rect = try Context.renderRect(for: image)
        let channels = image.isOpaque ? 3 : 4
        let samples = try OutputColor.wholeImage8(image, rect: rect, channels: channels, options: options, context: context)
        var why = [CChar](repeating: 0, count: 256)
        let exif = options.exifToWrite, icc = options.profileToWrite
        let status = samples.withUnsafeBufferPointer { px in
            exif.withOptionalBytes { e in
                icc.withOptionalBytes { p in
                    var params = lh_encode_params(
                        width: UInt32(rect.width), height: UInt32(rect.height), channels: Int32(channels),
                        pixels: px.baseAddress, quality: Int32(options.quality),
                        lossless: options.lossless ? 1 : 0, avif: format == .avif ? 1 : 0,
                        icc: p.baseAddress, icc_length: p.count, exif: e.baseAddress, exif_length: e.count)
                    return lh_encode(file, &params, &why, why.count)
                }
            }
        }
        if status != LH_OK { throw LunetteError.io("\(name): \(format == .avif ? "AVIF" : "HEIC") \(String(cString: why))") }
    }
}

/// The side limit handed to libheif. It also bounds canvases libheif allocates from boxes our
/// own checks never see (an `iovl` overlay's canvas), so it follows the pixel budget too: at
/// most `maxSide`, and at most the square root of `maxPixels` but never below 16384 (a 16384²
/// canvas is 805 MB of planes; a fuzzed 33,600² overlay asked for 3.4 GB).
var libheifSideLimit: Int {
    min(Limits.maxSide, max(16_384, Int(Double(Limits.maxPixels).squareRoot())))
}
