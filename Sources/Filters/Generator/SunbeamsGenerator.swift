import Foundation
import PixelCore

/// CISunbeamsGenerator: a white sun of `sunRadius` at `center` with rays of `color` out to
/// R = sunRadius · maxStriationRadius, for compositing over a picture. With d the distance
/// to the centre: the sun s = smoothstep of (1.1·r − d)/(0.3·r) (opaque white to 0.8·r,
/// gone by 1.1·r); the rays' alpha ρ = min(1, √(r/d) · max(0, 1 − d/R) · σ(φ)) with the
/// striation σ = max(0, 1 + 0.7·strength·(n(φ + time)^contrast − ½)), n Lunette's fixed
/// angular pattern (`Striation`), so `time` turns the streaks; the rays' straight colour is
/// halfway between `color` and white (linear light). Output: alpha s + (1 − s)·ρ, colour
/// white·s + (1 − s)·ρ·that tint, premultiplied. Extent: the square centre ± R.
/// Evidence: Apple's render (CIFilter.io, iOS 13.3: radius 50, maxStriationRadius 5,
/// strength 1, contrast 1, colour (0.84, 0.47, 1)) fills exactly centre ± 250; averaged over
/// angle its alpha is 1 to 45 px, then 0.87 (60), 0.45 (100), 0.24 (150), 0.11 (200), 0.02
/// (240), 0 at 250, which √(r/d)·(1 − d/R) follows within 0.03 beyond 100 px; the rays'
/// straight colour whitens from (0.84, 0.57, 1) at 60 px to (0.98, 0.94, 1) at 240 (linear).
/// Apple's streaks are a fixed function of angle alone (its alpha along circles of 80 to 220
/// px correlates ≥ 0.99): 256 independent random values equally spaced around the circle,
/// linearly interpolated (a fit with 256 knots leaves less than one with 254 or 258, and
/// neighbouring knots are uncorrelated), i.e. a row of Core Image's private noise texture.
/// Its values are not public, so n is Lunette's own pattern, and no model without them can
/// be "close": the angular mean alone scores 24 dB, a random pattern of Apple's spectrum 21.
/// Lua: `CISunbeamsGenerator{center = Vector(200, 200), sunRadius = 30, color = Color(1, 0.7, 0.3)}`
public enum SunbeamsGenerator {
    struct Model: Sendable {
        let sun, reach, strength, contrast, time: Double

        /// Premultiplied white and ray weights (sun share, ray alpha) at (dx, dy) from the centre.
        @inline(__always) func weights(_ dx: Double, _ dy: Double) -> (sun: Float, ray: Float) {
            let d = (dx * dx + dy * dy).squareRoot()
            var s = 0.0
            if sun > 0 {
                let t = min(max((1.1 * sun - d) / (0.3 * sun), 0), 1)
                s = t * t * (3 - 2 * t)
            }
            guard reach > 0, d < reach, sun > 0 else { return (Float(s), 0) }
            let n = pow(Striation.pattern(atan2(dy, dx) + time), contrast)
            let striation = max(0, 1 + 0.7 * strength * (n - 0.5))
            let ray = min(1, (sun / max(d, 1e-6)).squareRoot() * (1 - d / reach) * striation)
            return (Float(s), Float((1 - s) * ray))
        }
    }

    public static let descriptor = FilterDescriptor(
        .generator, "CISunbeamsGenerator", "Sunbeams",
        "A sun disc with radiating streaks of light, for compositing over another image.",
        inputs: [
            .center("Centre of the sun."),
            InputSpec(
                "inputColor", "Color", class: .color, default: .color(Color(1, 0.5, 0, 1)), description: "Colour of the rays."),
            .number(
                "inputSunRadius", 40, type: InputName.distance, min: 0, slider: 0...800, identity: 40,
                "Radius of the white sun disc, in pixels."),
        ] + InputSpec.striation(identities: true) + [
            .number(
                "inputTime", 0, type: InputName.scalar, in: 0...1, slider: 0...1, identity: 0,
                "Turns the streaks (animate it for twinkling rays).")
        ]
    ) { f in
        try requireFinite(f, "inputCenter", "inputSunRadius", "inputMaxStriationRadius", "inputTime")
        let c = f.vector("inputCenter"), r = f.number("inputSunRadius")
        let model = Model(
            sun: r, reach: r * f.number("inputMaxStriationRadius"), strength: f.number("inputStriationStrength"),
            contrast: f.number("inputStriationContrast"), time: f.number("inputTime"))
        let colour = Transfer.workingPixel(f.color("inputColor"))
        let tint = (Pixel(colour.x, colour.y, colour.z, 1) + Pixel(1, 1, 1, 1)) * 0.5
        let half = max(model.reach, 1.1 * r)
        if half <= 0 { return .empty }
        let cx = c[0], cy = c[1]
        return Image(
            GeneratorNode(extent: Rect(cx - half, cy - half, 2 * half, 2 * half)) { x, y in
                let w = model.weights(x - cx, y - cy)
                return Pixel(repeating: w.sun) + tint * w.ray
            })
    }
}
