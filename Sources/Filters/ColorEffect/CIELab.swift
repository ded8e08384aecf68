import Foundation
import PixelCore

/// CIE 1976 L*a*b* of Lunette's working space (linear sRGB primaries, D65 white): linear
/// RGB → XYZ by the sRGB matrix (IEC 61966-2-1), then the CIE cube-root formulas with
/// their linear segment below (6/29)³; and ΔE 1994 (CIE 116-1995, graphic-arts weights
/// k1 = 0.045, k2 = 0.015, kL = kC = kH = 1). Lua: `img | CIConvertRGBtoLab{}`
enum CIELab {
    static let white = SIMD3<Float>(0.950_47, 1, 1.088_83)
    static let delta: Float = 6.0 / 29.0

    /// Linear sRGB → L (0…100), a, b.
    @inline(__always) static func lab(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let x = 0.412_456_4 * c.x + 0.357_576_1 * c.y + 0.180_437_5 * c.z
        let y = 0.212_672_9 * c.x + 0.715_152_2 * c.y + 0.072_175_0 * c.z
        let z = 0.019_333_9 * c.x + 0.119_192_0 * c.y + 0.950_304_1 * c.z
        let fx = f(x / white.x), fy = f(y / white.y), fz = f(z / white.z)
        return SIMD3(116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// L, a, b → linear sRGB (unclamped: out-of-gamut Lab gives values outside 0…1).
    @inline(__always) static func rgb(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        let fy = (lab.x + 16) / 116, fx = fy + lab.y / 500, fz = fy - lab.z / 200
        let x = finv(fx) * white.x, y = finv(fy) * white.y, z = finv(fz) * white.z
        return SIMD3(
            3.240_454_2 * x - 1.537_138_5 * y - 0.498_531_4 * z,
            -0.969_266_0 * x + 1.876_010_8 * y + 0.041_556_0 * z,
            0.055_643_4 * x - 0.204_025_9 * y + 1.057_225_2 * z)
    }

    @inline(__always) static func f(_ t: Float) -> Float {
        t > delta * delta * delta ? cbrtf(t) : t / (3 * delta * delta) + 4.0 / 29.0
    }

    @inline(__always) static func finv(_ t: Float) -> Float {
        t > delta ? t * t * t : 3 * delta * delta * (t - 4.0 / 29.0)
    }

    /// ΔE*94 of `lab2` from the reference `lab1` (the chroma weights use the reference's chroma).
    @inline(__always) static func deltaE94(_ lab1: SIMD3<Float>, _ lab2: SIMD3<Float>) -> Float {
        let c1 = (lab1.y * lab1.y + lab1.z * lab1.z).squareRoot(), c2 = (lab2.y * lab2.y + lab2.z * lab2.z).squareRoot()
        let dL = lab1.x - lab2.x, dC = c1 - c2
        let da = lab1.y - lab2.y, db = lab1.z - lab2.z
        let dH2 = max(0, da * da + db * db - dC * dC)
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
    }

    /// Lab packed into 0…1 (`inputNormalize`): L/100, a/256 + ½, b/256 + ½.
    @inline(__always) static func normalized(_ lab: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(lab.x / 100, lab.y / 256 + 0.5, lab.z / 256 + 0.5)
    }

    @inline(__always) static func denormalized(_ n: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(n.x * 100, (n.y - 0.5) * 256, (n.z - 0.5) * 256)
    }

    /// The conversions' categories, in Core Image's (alphabetical) order for them.
    static let categories =
        [Usage.builtIn.rawValue, Category.colorEffect]
        + [
            Usage.highDynamicRange, .interlaced,
            .nonSquarePixels, .stillImage, .video,
        ].map(\.rawValue)

    /// A conversion's declaration: the image and `inputNormalize`; `build` gets the image and
    /// whether the Lab values are packed into 0…1.
    static func descriptor(
        _ name: String, _ displayName: String, _ description: String, build: @escaping (Image, Bool) throws -> Image
    ) -> FilterDescriptor {
        FilterDescriptor(
            name: name, displayName: displayName, categories: categories, description: description,
            inputs: [.image(), normalize]
        ) { f in try build(f.image(), f.number("inputNormalize") != 0) }
    }

    /// The shared `inputNormalize` input of the two conversions.
    static let normalize = InputSpec.boolean(
        "inputNormalize", default: 0, "0: L in 0…100 and a, b in about −128…128; 1: all three packed into 0…1.")
}
