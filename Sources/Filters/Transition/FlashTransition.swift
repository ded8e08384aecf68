import Foundation
import PixelCore

/// CIFlashTransition: a white flash grows from `center`, fills `extent` by the fade
/// threshold, where the image underneath switches from source to target, and fades out
/// by time 1; radial streaks of `color` reach beyond it. With D the distance from the centre
/// to the extent's farthest corner, τ = fadeThreshold, Apple's radius ρ = 10^((time/τ)·
/// (log₁₀ D + 1) − 1) (exponential growth from 0.1 px to D at τ) and fade f = 1 before τ,
/// (1 − time)/(1 − τ) after. Before τ: core = clamp(2 − d/ρ, 0, 1) (full out to ρ, then a
/// linear edge) mixes the base towards white, then streaks = strength · n(φ)^contrast ·
/// max(0, 1 − d/(maxStriationRadius·ρ)) towards `color` (n a fixed sum of angular sines in
/// 0…1). From τ on the flash is a light over the whole plane: out = base·(1 − f) + f·L with
/// L = min(color · I, 1) per channel and I = 5.5 · strength · (¾ + ½·n(φ)^contrast) · ρ/d,
/// an inverse-distance falloff: white (saturated) near the centre, tinted towards the
/// colour far away, where only the colour's strong channels stay saturated.
/// Evidence: Apple's render at time 0.961 (τ 0.8, so f = 0.197; CIFilter.io, iOS 13.3,
/// colour (1, 0.33, 0.54), white target) is the target mixed with white by 0.197 within
/// ~500 px of the centre (black → 123 grey) and pink beyond: solving its green channel for
/// I gives a median I·d/ρ of 3.7…6.2 from d = 500 to 1700 px; I = 5.5·ρ/d reproduces the
/// frame at 42.8 dB. Apple's streaks are random (its kernel reads Core Image's noise
/// image); Lunette's angular pattern is a fixed, milder stand-in. ρ's law is Core Image's
/// own (public class dump of its outputImage); the core's profile before τ is a guess.
/// Lua: `a | CIFlashTransition{targetImage = b, time = 0.3, extent = a.extent, center = Vector(100, 80)}`
public enum FlashTransition {
    struct Flash: Sendable {
        let cx, cy, coreRadius, striationRadius, strength, contrast, fade: Double
        /// From the fade threshold on the flash covers the whole plane, not just the extent.
        let full: Bool

        /// The white core's and the coloured streaks' strengths (0…1) at (x, y).
        @inline(__always) func amount(_ x: Double, _ y: Double) -> (core: Float, streak: Float) {
            guard fade > 0, coreRadius > 0 else { return (0, 0) }
            let dx = x - cx, dy = y - cy
            let d = (dx * dx + dy * dy).squareRoot()
            let core = full ? 1 : min(max(2 - d / coreRadius, 0), 1)
            var streak = 0.0
            if strength > 0, striationRadius > 0, d < striationRadius, core < 1 {
                streak = strength * pow(Striation.pattern(atan2(dy, dx)), contrast) * (1 - d / striationRadius)
            }
            return (Float(fade * core), Float(fade * min(streak, 1) * (1 - core)))
        }

        /// From the fade threshold on: the light's intensity I at (x, y) (see the type).
        @inline(__always) func intensity(_ x: Double, _ y: Double) -> Float {
            let dx = x - cx, dy = y - cy
            let d = max((dx * dx + dy * dy).squareRoot(), 1e-6)
            let n = strength > 0 ? pow(Striation.pattern(atan2(dy, dx)), contrast) : 0
            return Float(FlashTransition.lightScale * strength * (0.75 + 0.5 * n) * coreRadius / d)
        }
    }

    /// Apple's light at the fade threshold is 5.5 · ρ/d (see the type's evidence).
    static let lightScale = 5.5

    /// Apple's flash radius ρ = 10^((time/τ)·(log₁₀ D + 1) − 1): 0.1 px at time 0, D at
    /// the fade threshold (its outputImage passes ρ² and 1/(maxStriationRadius·ρ) on).
    static func radius(time: Double, threshold tau: Double, reach: Double) -> Double {
        pow(10, time / max(tau, 1e-6) * (log10(reach) + 1) - 1)
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIFlashTransition", "Flash",
        "A bright flash grows from a point, fills the frame and fades out to reveal the target image.",
        inputs: [
            .image(), .target,
            .center("Where the flash starts."),
            .sweepExtent,
            .color(.color, default: Color(1, 0.8, 0.6, 1), "Colour of the flash."),
            .time,
        ] + InputSpec.striation(identities: false) + [
            .number(
                "inputFadeThreshold", "Fade Threshold", default: 0.85, min: 0, max: 1, sliderMin: 0, sliderMax: 1,
                "Time at which the flash fills the frame, the target replaces the image and the flash starts to fade.")
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let c = f.vector("inputCenter"), e = f.rect("inputExtent")
        let time = f.number("inputTime"), tau = f.number("inputFadeThreshold")
        guard [e.x, e.y, e.width, e.height, c[0], c[1]].allSatisfy(\.isFinite) else {
            throw LunetteError.invalid("CIFlashTransition: inputExtent and inputCenter must be finite")
        }
        let reach = [(e.minX, e.minY), (e.maxX, e.minY), (e.minX, e.maxY), (e.maxX, e.maxY)]
            .map { (($0.0 - c[0]) * ($0.0 - c[0]) + ($0.1 - c[1]) * ($0.1 - c[1])).squareRoot() }.max()!
        let fade = time >= 1 ? 0 : time <= tau ? 1 : (1 - time) / (1 - tau)
        let core = time <= 0 ? 0 : radius(time: time, threshold: tau, reach: max(reach, 1))
        let flash = Flash(
            cx: c[0], cy: c[1], coreRadius: core, striationRadius: f.number("inputMaxStriationRadius") * core,
            strength: f.number("inputStriationStrength"), contrast: f.number("inputStriationContrast"), fade: fade,
            full: time >= tau)
        let colour = Transfer.workingPixel(f.color("inputColor"))
        let base = time > 0 && time >= tau ? target : source
        let white = Pixel(1, 1, 1, 1)
        if flash.full {
            let f = Float(fade)
            return Image(
                PositionalPointNode([base], extent: source.extent.union(target.extent)) { x, y, p, _, _ in
                    guard f > 0 else { return p }
                    let i = flash.intensity(x, y)
                    let light = Pixel(min(colour.x * i, 1), min(colour.y * i, 1), min(colour.z * i, 1), 1)
                    return p * (1 - f) + light * f
                })
        }
        return Image(
            PositionalPointNode([base], extent: source.extent.union(target.extent)) { x, y, p, _, _ in
                let k = flash.amount(x, y)
                let lit = k.core > 0 ? Pattern.mix(p, white, k.core) : p
                return k.streak > 0 ? Pattern.mix(lit, colour, k.streak) : lit
            })
    }
}
