import Foundation
import PixelCore

/// The image file formats Lunette reads and writes: recognised by content (magic bytes)
/// when reading, by the output's extension or an explicit name when writing. This is the
/// one registered list; no caller outside Codecs names a format.
/// Lua: `img:save("out.jpg")`, `img:save("out.bin", {format = "webp"})`
public enum ImageFormat: String, CaseIterable, Sendable {
    case png, jpeg, webp, tiff, heif, avif, exr

    /// File name extensions, the first being the one batches give their outputs.
    public var extensions: [String] {
        switch self {
        case .png: return ["png"]
        case .jpeg: return ["jpg", "jpeg", "jpe"]
        case .webp: return ["webp"]
        case .tiff: return ["tif", "tiff"]
        case .heif: return ["heic", "heif"]
        case .avif: return ["avif"]
        case .exr: return ["exr"]
        }
    }

    /// True when Lunette can write the format (HEIF and AVIF: when Debian's libheif has an encoder).
    public var canWrite: Bool {
        switch self {
        case .png, .jpeg, .webp, .tiff, .exr: return true
        case .heif, .avif: return HEIFCodec.canEncode(self)
        }
    }

    /// The names accepted by `--format` and `{format = …}`.
    public static func named(_ name: String) -> ImageFormat? {
        let n = name.lowercased()
        if let f = ImageFormat(rawValue: n) { return f }
        return allCases.first { $0.extensions.contains(n) }
    }

    /// Every format's name, for help texts (no library is asked whether it can write).
    public static var nameList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// What error messages call the formats Lunette reads: "PNG, JPEG, …, OpenEXR".
    static var readableList: String {
        let names = allCases.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The name people know the format by: "JPEG", "OpenEXR".
    var displayName: String {
        switch self {
        case .webp: return "WebP"
        case .exr: return "OpenEXR"
        default: return rawValue.uppercased()
        }
    }

    /// The bits per sample `depth` may ask for: TIFF and OpenEXR write 32-bit floats
    /// (OpenEXR writes half floats for 8 and 16).
    public var depths: [Int] { self == .tiff || self == .exr ? [8, 16, 32] : [8, 16] }

    /// The writable formats, for usage messages: "png, jpeg, webp, tiff".
    public static var writableList: String { allCases.filter(\.canWrite).map(\.rawValue).joined(separator: ", ") }

    /// The format an output path asks for: an explicit name first, else the extension;
    /// "-" (standard output) with neither is PNG. Unknown names are usage errors (exit 1).
    public static func forOutput(_ path: String, explicit: String? = nil) throws -> ImageFormat {
        if let explicit {
            guard let f = named(explicit), f.canWrite else {
                throw LunetteError(.usage, "unknown output format '\(explicit)' (formats: \(writableList))")
            }
            return f
        }
        if path == "-" { return .png }
        let ext = (path as NSString).pathExtension
        // A device, FIFO or socket (`-o /dev/stdout`) is a stream, like `-`: PNG unless told.
        if ext.isEmpty, let target = try? OutputTarget(path: path), target.isStream { return .png }
        guard !ext.isEmpty else {
            throw LunetteError(
                .usage, "\(path): no file extension to choose the output format by (formats: \(writableList); or give --format)")
        }
        guard let f = allCases.first(where: { $0.extensions.contains(ext.lowercased()) }), f.canWrite else {
            throw LunetteError(.usage, "\(path): unknown output format '.\(ext)' (formats: \(writableList))")
        }
        return f
    }

    /// The format of file content, from its first bytes (nil when none Lunette reads).
    public static func sniff(_ b: [UInt8]) -> ImageFormat? {
        func at(_ i: Int, _ s: String) -> Bool {
            let u = Array(s.utf8)
            return b.count >= i + u.count && Array(b[i..<i + u.count]) == u
        }
        // "PNG" or an IHDR where PNG keeps it: a damaged signature goes to libpng, which names it.
        if at(1, "PNG") || at(12, "IHDR") { return .png }
        if b.count >= 3, b[0] == 0xff, b[1] == 0xd8, b[2] == 0xff { return .jpeg }
        if at(0, "RIFF"), at(8, "WEBP") { return .webp }
        if at(0, "II*\0") || at(0, "MM\0*") { return .tiff }
        if b.count >= 4, b[0] == 0x76, b[1] == 0x2f, b[2] == 0x31, b[3] == 0x01 { return .exr }
        if at(4, "ftyp"), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            if brand == "avif" || brand == "avis" { return .avif }
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "mif2"].contains(brand) { return .heif }
        }
        return nil
    }

    /// A guess at what an unsupported file is, for the error message: "BMP", "GIF", …
    public static func describeUnknown(_ b: [UInt8]) -> String? {
        func at(_ i: Int, _ s: String) -> Bool {
            let u = Array(s.utf8)
            return b.count >= i + u.count && Array(b[i..<i + u.count]) == u
        }
        if at(0, "BM") { return "BMP" }
        if at(0, "GIF8") { return "GIF" }
        if at(0, "8BPS") { return "PSD" }
        if at(0, "%PDF") { return "PDF" }
        if at(0, "YUV4MPEG2") { return "YUV4MPEG2 video" }
        if at(0, "qoif") { return "QOI" }
        if b.count >= 2, b[0] == 0xff, b[1] == 0x0a { return "JPEG XL" }
        if at(4, "jP  ") || at(0, "\u{0}\u{0}\u{0}\u{0c}JXL ") { return at(4, "jP  ") ? "JPEG 2000" : "JPEG XL" }
        if at(0, "<?xml") || at(0, "<svg") { return "SVG or XML" }
        if at(0, "P1") || at(0, "P2") || at(0, "P3") || at(0, "P4") || at(0, "P5") || at(0, "P6") { return "PNM" }
        if at(4, "ftyp") { return "an ISO media file" }
        return nil
    }
}
