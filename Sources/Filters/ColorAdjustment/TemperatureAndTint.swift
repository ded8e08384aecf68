import Foundation
import PixelCore

/// CITemperatureAndTint: white balance. No formula is published; Lunette's model: each
/// (temperature K, tint) vector names a white chromaticity: the Planckian locus point at T
/// (Krystek 1985 rational approximation in CIE 1960 uv, T clamped to 1000…40000 K) moved
/// tint/3000 along the locus normal (positive = green side, as in Adobe's temperature/tint).
/// A vector whose first component is in (0, 1) is read as a CIE xy chromaticity instead.
/// Colours are then adapted by a von Kries transform in Bradford cone space (equal Y) that
/// maps the `inputNeutral` white onto the `inputTargetNeutral` white, so a higher neutral
/// temperature warms the image. Lua: `img | CITemperatureAndTint{neutral = Vector(5000, 0)}`
public enum TemperatureAndTint {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CITemperatureAndTint", "Temperature and Tint",
        "White balance: colours are adapted so that the white described by the neutral (temperature in kelvin, tint) is rendered as the target neutral.",
        inputs: [
            .image(),
            .vector(
                "inputNeutral", "Neutral", type: "CIAttributeTypeOffset", default: [6500, 0], identity: [6500, 0],
                "The scene's white as (temperature in kelvin, tint)."),
            .vector(
                "inputTargetNeutral", "Target Neutral", type: "CIAttributeTypeOffset", default: [6500, 0],
                identity: [6500, 0], "The white it becomes, as (temperature in kelvin, tint)."),
        ]
    ) { f in
        let image = try f.image()
        let from = f.vector("inputNeutral"), to = f.vector("inputTargetNeutral")
        if from == to { return image }
        let ws = try white(from, key: "\(f.filter).inputNeutral")
        let wd = try white(to, key: "\(f.filter).inputTargetNeutral")
        return ColorMath.matrixImage(image, ColorMath.bradfordAdaptation(from: ws, to: wd))
    }

    /// CIE 1960 (u, v) of a blackbody at `t` kelvin (Krystek's approximation).
    static func planckUV(_ t: Double) -> SIMD2<Double> {
        let u = (0.860117757 + 1.54118254e-4 * t + 1.28641212e-7 * t * t) / (1 + 8.42420235e-4 * t + 7.08145163e-7 * t * t)
        let v = (0.317398726 + 4.22806245e-5 * t + 4.20481691e-8 * t * t) / (1 - 2.89741816e-5 * t + 1.61456053e-7 * t * t)
        return SIMD2(u, v)
    }

    /// The xy chromaticity named by (temperature, tint), or (x, y) when the first component is in (0, 1).
    static func chromaticity(_ v: Vector, key: String) throws -> SIMD2<Double> {
        let a = v[0], b = v[1]
        if a > 0 && a < 1 {
            guard b > 0 && b < 1 && a + b <= 1 else {
                throw LunetteError.invalid("\(key): chromaticity (\(fmt(a)), \(fmt(b))) is outside the CIE xy diagram")
            }
            return SIMD2(a, b)
        }
        guard a >= 1 else { throw LunetteError.invalid("\(key): temperature must be positive, got \(fmt(a))") }
        let t = min(max(a, 1000), 40000)
        let p = planckUV(t)
        let h = t * 1e-4
        let tangent = planckUV(t + h) - planckUV(t - h)
        // The locus runs toward smaller u as T grows; (dv, −du) points to its green side.
        let normal = SIMD2(tangent.y, -tangent.x) / (tangent * tangent).sum().squareRoot()
        let uv = p + normal * (b / 3000)
        let d = 2 * uv.x - 8 * uv.y + 4
        return SIMD2(3 * uv.x / d, 2 * uv.y / d)
    }

    /// XYZ of the white named by `v`, with Y = 1.
    static func white(_ v: Vector, key: String) throws -> SIMD3<Double> {
        let xy = try chromaticity(v, key: key)
        return SIMD3(xy.x / xy.y, 1, (1 - xy.x - xy.y) / xy.y)
    }
}
