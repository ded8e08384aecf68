import Foundation

/// Conversions between stored samples (sRGB or gamma-encoded, straight alpha) and the
/// working space (linear-light, premultiplied).
public enum Transfer {
    /// sRGB electro-optical transfer: encoded value → linear light.
    @inline(__always) public static func srgbToLinear(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light → sRGB encoded value.
    @inline(__always) public static func linearToSRGB(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// How a source's samples are encoded.
    public enum Curve: Equatable, Sendable {
        case srgb, gamma(Double), linear
        func decode(_ v: Double) -> Double {
            switch self {
            case .srgb: return srgbToLinear(v)
            case .gamma(let g): return pow(v, 1 / g)
            case .linear: return v
            }
        }
    }

    /// A table from every n-bit sample value to linear light.
    public static func decodeTable(bits: Int, curve: Curve) -> [Float] {
        let maxv = Double((1 << bits) - 1)
        return (0...Int(maxv)).map { Float(curve.decode(Double($0) / maxv)) }
    }

    static let encode8Table: [UInt8] = (0...65535).map {
        UInt8((linearToSRGB(Double($0) / 65535) * 255).rounded())
    }

    /// Runs `body` with the 64k-entry table behind `encode8` (index: clamped value · 65535 + ½).
    public static func withEncode8Table<R>(_ body: (UnsafePointer<UInt8>) throws -> R) rethrows -> R {
        try encode8Table.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// Linear [0, 1] → 8-bit sRGB through a 64k-entry table.
    @inline(__always) public static func encode8(_ v: Float) -> UInt8 {
        let c = min(max(v, 0), 1)
        return encode8Table.withUnsafeBufferPointer { $0[Int(c * 65535 + 0.5)] }
    }

    /// Linear [0, 1] → 16-bit sRGB.
    @inline(__always) public static func encode16(_ v: Float) -> UInt16 {
        let c = Double(min(max(v, 0), 1))
        return UInt16((linearToSRGB(c) * 65535).rounded())
    }

    /// A straight sRGB colour as a working-space pixel.
    public static func workingPixel(_ c: Color) -> Pixel {
        let a = Float(min(max(c.a, 0), 1))
        return Pixel(Float(srgbToLinear(c.r)) * a, Float(srgbToLinear(c.g)) * a, Float(srgbToLinear(c.b)) * a, a)
    }

    /// A working-space pixel as a straight sRGB colour.
    public static func color(_ p: Pixel) -> Color {
        let a = Double(p.w)
        guard a > 0 else { return Color(0, 0, 0, 0) }
        func enc(_ v: Float) -> Double { linearToSRGB(Double(v) / a) }
        return Color(enc(p.x), enc(p.y), enc(p.z), a)
    }
}
