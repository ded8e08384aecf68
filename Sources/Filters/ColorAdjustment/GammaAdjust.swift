import Foundation
import PixelCore

/// CIGammaAdjust: straight colour raised to `inputPower` in the (linear) working space,
/// rgb' = rgb^power; negative values use odd symmetry (−(−v)^power). Alpha is kept.
/// Lua: `img | CIGammaAdjust{power = 0.75}`
public enum GammaAdjust {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIGammaAdjust", "Gamma Adjust",
        "Raises colour values to a power: above 1 darkens mid-tones, below 1 brightens them.",
        inputs: [
            .image(), .number("inputPower", 1, slider: 0.25...4, identity: 1, "The exponent applied to each colour channel."),
        ]
    ) { f in
        let image = try f.image()
        let power = Float(f.number("inputPower"))
        if power == 1 { return image }
        return Image(PointNode([image], Kernel(power: power)))
    }

    /// Opaque pixels through the vectorised power (within 10⁻⁷·(1 + power) of `powf`),
    /// the others (and every pixel where the CPU has no vector loop) through `apply`.
    struct Kernel: PointKernel {
        let power: Float
        let program: OpaqueProgram?
        init(power: Float) {
            self.power = power
            program = OpaqueProgram([.power(power)])
        }
        var preservesAlpha: Bool { true }
        var opaqueStep: OpaqueStep? { power > 0 && power.isFinite ? .power(power) : nil }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let e = power
            guard let program else {
                for i in 0..<count { dst[i] = GammaAdjust.apply(dst[i], power: e) }
                return
            }
            program.apply(dst, count) { GammaAdjust.apply($0, power: e) }
        }
    }

    /// The filter on one pixel, on straight colour.
    @inline(__always) static func apply(_ p: Pixel, power: Float) -> Pixel {
        guard p.w > 0 else { return p }
        let c = ColorMath.rgb(p)
        return ColorMath.pixel(SIMD3(signedPow(c.x, power), signedPow(c.y, power), signedPow(c.z, power)), p.w)
    }

    /// Odd-symmetric power (0^0 is 1, as powf defines it).
    @inline(__always) static func signedPow(_ v: Float, _ e: Float) -> Float {
        v < 0 ? -powf(-v, e) : powf(v, e)
    }
}
