import Foundation
import PixelCore

/// CIStarShineGenerator: a star of `color` at `center`, over the whole plane. With d the
/// distance to the centre and r the radius, the glow is g = (r/d)², neither capped nor cut:
/// the core saturates towards white where colour × g passes 1. Each of two perpendicular
/// rays at `crossAngle` adds o · max(0, 1/δ² − ε), δ² = (a / (crossScale·r))² + (b / crossWidth)²
/// with a, b the distances along and across the ray, o = 10^`crossOpacity`, ε = 10^`epsilon`:
/// a ray ends where δ = 1/√ε. White light (crossWidth/L)·max(0, 1 − d/L)², L = crossScale·r,
/// adds to every channel and alpha. The output is colour × shine plus that white, each
/// channel capped at the alpha, alpha at 1.
/// Evidence: Core Image's outputImage (a public class dump) passes (r, 1/(r·crossScale),
/// 10^crossOpacity, 10^epsilon), 1/crossWidth and the angle's (cos, sin) to its kernel and
/// renders over an infinite extent; Apple's render (CIFilter.io, iOS 13.3: radius 50,
/// epsilon 2, crossOpacity 1) has alpha = min(1, (50/d)²) out to 250 px, a white core and
/// no rays even 30 px out along the cross (so the cut ε applies before the gain o: with
/// o/δ² − ε the cross would be white there), and a white glow on all channels and alpha
/// alike, 0.133·(1 − d/150)² within 5 % from 55 to 125 px (crossWidth 20 / L 150 = 0.133):
/// with it Lunette is within 2.7 levels of Apple everywhere. The 1/δ² ray profile and the
/// glow's tie to crossWidth are inferred from this one render.
/// Lua: `CIStarShineGenerator{radius = 20, crossAngle = 0.3, color = Color(1, 0.9, 0.6)}`
public enum StarShineGenerator {
    /// The model for one point; `dx`, `dy` from the centre.
    struct Model: Sendable {
        let r, inverseLength, inverseWidth, opacity, epsilon, cosA, sinA: Double

        init(radius: Double, crossScale: Double, crossAngle: Double, crossOpacity: Double, crossWidth: Double, epsilon: Double) {
            r = radius
            inverseLength = radius * crossScale > 0 ? 1 / (radius * crossScale) : .infinity
            inverseWidth = crossWidth > 0 ? 1 / crossWidth : .infinity
            opacity = pow(10, crossOpacity); self.epsilon = pow(10, epsilon)
            cosA = cos(crossAngle); sinA = sin(crossAngle)
        }

        /// White light around the centre: (crossWidth / L) · max(0, 1 − d/L)², L = crossScale·r.
        @inline(__always) func white(_ dx: Double, _ dy: Double) -> Double {
            guard inverseLength.isFinite, inverseWidth.isFinite else { return 0 }
            let u = 1 - (dx * dx + dy * dy).squareRoot() * inverseLength
            return u > 0 ? inverseLength / inverseWidth * u * u : 0
        }

        @inline(__always) func shine(_ dx: Double, _ dy: Double) -> Double {
            let d2 = dx * dx + dy * dy
            var i = r > 0 ? r * r / max(d2, 1e-12) : 0
            if inverseLength.isFinite, inverseWidth.isFinite {
                let a = dx * cosA + dy * sinA, b = -dx * sinA + dy * cosA
                i += ray(a, b) + ray(b, a)
            }
            return min(i, 1e12)
        }

        /// One ray: `a` along it, `b` across it.
        @inline(__always) func ray(_ a: Double, _ b: Double) -> Double {
            let u = a * inverseLength, v = b * inverseWidth
            return opacity * max(1 / max(u * u + v * v, 1e-12) - epsilon, 0)
        }
    }

    public static let descriptor = FilterDescriptor(
        .generator, "CIStarShineGenerator", "Star Shine",
        "A star: a round glow with an inverse-square halo plus a cross of rays.",
        inputs: [
            .center("Centre of the star."),
            InputSpec(
                "inputColor", "Color", class: .color, default: .color(Color(1, 0.8, 0.6, 1)),
                description: "Colour of the star."),
            .number(
                .radius, 50, min: 0, slider: 0...300,
                "The glow is (radius / distance)²: full colour at the radius, brighter inside."),
            .number(
                "inputCrossScale", 15, min: 0, slider: 0...100, identity: 15,
                "Length scale of each ray in multiples of the radius."),
            .number(
                "inputCrossAngle", 0.6, type: "CIAttributeTypeAngle", slider: -Double.pi...Double.pi,
                "Angle of the cross in radians."),
            .number(
                "inputCrossOpacity", -2, min: -8, slider: -8...0, identity: -2,
                "Base-10 logarithm of the rays' brightness (they fall as 1/δ² from the centre)."),
            .number(
                "inputCrossWidth", 2.5, type: "CIAttributeTypeDistance", min: 0, slider: 0.5...10,
                "Width scale of the rays in pixels."),
            .number(
                "inputEpsilon", -2, min: -8, slider: -8...0, identity: -2,
                "Base-10 logarithm of the cut-off: a ray ends where 1/δ² falls to 10^epsilon."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let colour = Transfer.workingPixel(f.color("inputColor"))
        let model = Model(
            radius: f.number("inputRadius"), crossScale: f.number("inputCrossScale"),
            crossAngle: f.number("inputCrossAngle"), crossOpacity: f.number("inputCrossOpacity"),
            crossWidth: f.number("inputCrossWidth"), epsilon: f.number("inputEpsilon"))
        let shine = { @Sendable (x: Double, y: Double) -> Pixel in
            let p = colour * Float(model.shine(x - cx, y - cy)) + Pixel(repeating: Float(model.white(x - cx, y - cy)))
            let a = min(p.w, 1)
            return Pixel(min(p.x, a), min(p.y, a), min(p.z, a), a)
        }
        // Apple renders the star over the whole plane (its kernel's extent is infinite).
        return Image(GeneratorNode(extent: .infinite, shine))
    }
}
