import CColorShim
import CJPEGShim

/// The colour-managed conversion of a CMYK JPEG through its embedded CMYK profile (Little
/// CMS, relative colorimetric, to sRGB: what Pillow's ImageCms gives). Without a profile,
/// or when lcms cannot use it (after a one-line warning), CMYK converts the Pillow-like
/// naive way (R = 255 − C − K). Lua: `Image.load("print.jpg")` (a CMYK file reads as sRGB)
final class CMYKConversion: @unchecked Sendable {
    let handle: OpaquePointer

    /// The conversion for a JPEG's profile; `inverted` for Adobe files (samples 255 − ink).
    init?(icc: [UInt8]?, inverted: Bool, name: String) {
        guard let icc, !icc.isEmpty else { return nil }
        var why = [CChar](repeating: 0, count: 200)
        let t = icc.withUnsafeBytes { lc_cmyk_new($0.baseAddress, $0.count, inverted ? 1 : 0, &why, why.count) }
        guard let t else {
            ColorProfile.warn("\(name): \(String(cString: why)); CMYK converted without it")
            return nil
        }
        handle = t
    }

    deinit { lc_cmyk_free(handle) }

    /// Makes `reader` deliver rows converted by this transform (before lj_start).
    func attach(to reader: OpaquePointer) {
        lj_set_cmyk_converter(reader, lc_cmyk_convert, UnsafeMutableRawPointer(handle))
    }
}
