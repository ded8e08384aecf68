import CColorShim
import Foundation
import PixelCore

/// The colour spaces an output can be written in; each converts from the working space
/// and embeds its ICC profile. CLI: `--colorspace display-p3`; Lua: `img:save("p3.jpg", {colorSpace = "display-p3"})`
public enum OutputColorSpace: String, CaseIterable, Sendable {
    case srgb, displayP3 = "display-p3", linearSRGB = "linear-srgb", adobeRGB = "adobe-rgb", rec2020

    var kind: Int32 {
        switch self {
        case .srgb: return Int32(LC_SRGB)
        case .displayP3: return Int32(LC_DISPLAY_P3)
        case .linearSRGB: return Int32(LC_LINEAR_SRGB)
        case .adobeRGB: return Int32(LC_ADOBE_RGB)
        case .rec2020: return Int32(LC_REC2020)
        }
    }

    public static var list: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func named(_ s: String) throws -> OutputColorSpace {
        guard let c = OutputColorSpace(rawValue: s.lowercased()) else {
            throw LunetteError(.usage, "unknown colour space '\(s)' (colour spaces: \(list))")
        }
        return c
    }
}

/// An ICC profile held by Little CMS: one embedded in a file, or a built-in one.
final class ColorProfile: @unchecked Sendable {
    let handle: OpaquePointer

    init?(_ handle: OpaquePointer?) {
        guard let handle else { return nil }
        self.handle = handle
    }

    deinit { lc_profile_free(handle) }

    /// The profile in `bytes`, or nil after a one-line warning on stderr (the image is
    /// then treated as sRGB): a damaged or unsupported profile never fails a load.
    static func embedded(_ bytes: [UInt8], name: String) -> ColorProfile? {
        var why = [CChar](repeating: 0, count: 200)
        let p = bytes.withUnsafeBytes { lc_profile_open($0.baseAddress, $0.count, &why, why.count) }
        if p == nil { warn("\(name): \(String(cString: why)); treated as sRGB") }
        return ColorProfile(p)
    }

    static func builtin(_ kind: Int32) -> ColorProfile { ColorProfile(lc_profile_builtin(kind))! }
    static let working = builtin(Int32(LC_WORKING))

    /// The profile for ITU-T H.273 code points (PNG cICP, HEIF/AVIF nclx): BT.709/sRGB,
    /// BT.2020 or Display P3 primaries with the sRGB, BT.709, linear, gamma 2.2 or 2.8
    /// curve; nil for sRGB itself (no conversion) and, after a one-line warning naming
    /// them, for code points Lunette does not map (the PQ and HLG HDR curves among them):
    /// those files are read as sRGB. `what` names the source ("cICP", "nclx").
    static func cicp(primaries: Int, transfer: Int, name: String, what: String) -> ColorProfile? {
        switch (primaries, transfer) {
        case (1, 13), (1, 2), (2, 13), (2, 2): return nil
        case (12, 13), (12, 2): return builtin(OutputColorSpace.displayP3.kind)
        case (9, 1), (9, 6), (9, 14), (9, 15): return builtin(OutputColorSpace.rec2020.kind)
        case (1, 8): return builtin(OutputColorSpace.linearSRGB.kind)
        default: break
        }
        if let p = ColorProfile(lc_profile_cicp(Int32(primaries), Int32(transfer))) { return p }
        let curve = transfer == 16 ? "PQ (HDR)" : transfer == 18 ? "HLG (HDR)" : "\(transfer)"
        warn("\(name): \(what) primaries \(primaries), transfer \(curve) not supported; treated as sRGB")
        return nil
    }

    /// The profile of an RGB space from its chromaticities and a decoding gamma (PNG cHRM + gAMA).
    static func rgb(
        white: (Double, Double), red: (Double, Double), green: (Double, Double), blue: (Double, Double),
        gamma: Double
    ) -> ColorProfile? {
        ColorProfile(lc_profile_rgb(white.0, white.1, red.0, red.1, green.0, green.1, blue.0, blue.1, gamma))
    }

    var description: String {
        var out = [CChar](repeating: 0, count: 256)
        lc_profile_description(handle, &out, out.count)
        return String(cString: out)
    }

    var bytes: [UInt8] {
        var p: UnsafeMutablePointer<UInt8>?
        let n = lc_profile_bytes(handle, &p)
        defer { lc_free(p) }
        guard n > 0, let p else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: n))
    }

    /// Writes a one-line warning to stderr.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("lunette: warning: \(message)\n".utf8))
    }
}

/// Profile-to-profile conversion of premultiplied float pixels, in place, on all cores.
enum ColorConversion {
    /// Converts every pixel of `buffer` from `from` to `to`.
    static func convert(_ buffer: PixelBuffer, from: ColorProfile, to: ColorProfile) {
        guard let t = lc_transform_new(from.handle, to.handle) else { return }
        defer { lc_transform_free(t) }
        let h = buffer.height, w = buffer.width
        let bands = max(1, min(h, ProcessInfo.processInfo.activeProcessorCount * 4))
        nonisolated(unsafe) let transform = t
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let y0 = band * h / bands, y1 = (band + 1) * h / bands
            for y in y0..<y1 {
                UnsafeMutableRawPointer(buffer.row(y)).withMemoryRebound(to: Float.self, capacity: w * 4) {
                    lc_transform_rgba(transform, $0, w)
                }
            }
        }
    }

    /// Converts a loaded buffer of raw values in `profile` into the working space.
    static func toWorking(_ buffer: PixelBuffer, from profile: ColorProfile) {
        convert(buffer, from: profile, to: ColorProfile.working)
    }
}
