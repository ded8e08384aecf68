import Foundation
import PixelCore

/// CIStarShineGenerator: a star of `color` at `center`. With d the distance to the centre
/// and r the radius, the glow is g = (r/d)², not capped: the star is brightest at its
/// centre, where colour × g saturates towards white. Below ε = e^`epsilon` < 1 the halo is
/// cut off as max(0, (g − ε)/(1 − ε)), so it ends at r/√ε; with ε ≥ 1 it is not cut and the
/// extent is infinite. Two perpendicular rays at `crossAngle` add o · cos²(π·b / 4w) ·
/// max(0, 1 − |a|/L) each (zero for |b| ≥ 2w), where a and b are the distances along and
/// across the ray, w = `crossWidth` (the half width at half maximum), L = `crossScale` · r
/// and o = e^`crossOpacity`. The output is colour × shine, each channel capped at the alpha,
/// alpha capped at 1.
/// Evidence: Apple's render (CIFilter.io, iOS 13.3: radius 50, epsilon 2, crossOpacity 1)
/// has alpha = min(1, (50/d)²) within a few levels out to 250 px (alpha·d² ≈ 2500–2680), a
/// white core where G and B saturate (B still 0.90 at d 20, as colour·(r/d)² gives), and
/// the colour beyond. Not explained: no cross at all there, and a faint white glow
/// (0.075·e^−(d/80)² in linear light) on top; the rays are Lunette's guess.
/// Lua: `CIStarShineGenerator{radius = 20, crossAngle = 0.3, color = Color(1, 0.9, 0.6)}`
public enum StarShineGenerator {
    /// The documented model for one point; `dx`, `dy` from the centre.
    struct Model: Sendable {
        let r, w, length, opacity, epsilon, cosA, sinA: Double

        init(radius: Double, crossScale: Double, crossAngle: Double, crossOpacity: Double, crossWidth: Double, epsilon: Double) {
            r = radius; w = crossWidth; length = crossScale * radius
            opacity = exp(crossOpacity); self.epsilon = exp(epsilon)
            cosA = cos(crossAngle); sinA = sin(crossAngle)
        }

        @inline(__always) func shine(_ dx: Double, _ dy: Double) -> Double {
            let d2 = dx * dx + dy * dy
            let glow = r > 0 ? r * r / max(d2, 1e-12) : 0
            var i = epsilon < 1 ? max((glow - epsilon) / (1 - epsilon), 0) : glow
            if length > 0, w > 0, opacity > 0 {
                let a = dx * cosA + dy * sinA, b = -dx * sinA + dy * cosA
                i += ray(a, b) + ray(b, a)
            }
            return min(i, 1e12)
        }

        /// One ray: `a` along it, `b` across it.
        @inline(__always) func ray(_ a: Double, _ b: Double) -> Double {
            let along = 1 - abs(a) / length
            guard along > 0, abs(b) < 2 * w else { return 0 }
            let c = cos(Double.pi * b / (4 * w))
            return opacity * c * c * along
        }

        /// Half the side of a square around the centre outside which the shine is zero
        /// (infinite when the halo is not cut off).
        var reach: Double {
            if r > 0, epsilon >= 1 { return .infinity }
            let glow = r > 0 ? r / epsilon.squareRoot() : 0
            return length > 0 && w > 0 && opacity > 0 ? max(glow, length + 2 * w) : glow
        }
    }

    public static let descriptor = FilterDescriptor(
        name: "CIStarShineGenerator", displayName: "Star Shine",
        categories: [Category.generator, Category.video, Category.stillImage, Category.builtIn],
        description: "A star: a round glow with an inverse-square halo plus a cross of fading rays.",
        inputs: [
            .vector("inputCenter", "Center", type: "CIAttributeTypePosition", default: [150, 150], "Centre of the star."),
            InputSpec("inputColor", "Color", class: .color, default: .color(Color(1, 0.8, 0.6, 1)),
                      description: "Colour of the star."),
            .number("inputRadius", "Radius", type: "CIAttributeTypeDistance", default: 50, min: 0, sliderMin: 0, sliderMax: 300,
                    "The glow is (radius / distance)²: full colour at the radius, brighter inside."),
            .number("inputCrossScale", "Cross Scale", default: 15, min: 0, sliderMin: 0, sliderMax: 100, identity: 15,
                    "Length of each ray in multiples of the radius."),
            .number("inputCrossAngle", "Cross Angle", type: "CIAttributeTypeAngle", default: 0.6,
                    sliderMin: -Double.pi, sliderMax: Double.pi, "Angle of the cross in radians."),
            .number("inputCrossOpacity", "Cross Opacity", default: -2, min: -8, sliderMin: -8, sliderMax: 0, identity: -2,
                    "Natural logarithm of the rays' peak brightness (0: full, −8: invisible)."),
            .number("inputCrossWidth", "Cross Width", type: "CIAttributeTypeDistance", default: 2.5, min: 0,
                    sliderMin: 0.5, sliderMax: 10, "Half width at half maximum of the rays, in pixels."),
            .number("inputEpsilon", "Epsilon", default: -2, min: -8, sliderMin: -8, sliderMax: 0, identity: -2,
                    "Natural logarithm of the brightness where the halo is cut off (smaller: a wider halo)."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let colour = Transfer.workingPixel(f.color("inputColor"))
        let model = Model(radius: f.number("inputRadius"), crossScale: f.number("inputCrossScale"),
                          crossAngle: f.number("inputCrossAngle"), crossOpacity: f.number("inputCrossOpacity"),
                          crossWidth: f.number("inputCrossWidth"), epsilon: f.number("inputEpsilon"))
        let h = model.reach + 1
        let shine = { @Sendable (x: Double, y: Double) -> Pixel in
            let p = colour * Float(model.shine(x - cx, y - cy))
            let a = min(p.w, 1)
            return Pixel(min(p.x, a), min(p.y, a), min(p.z, a), a)
        }
        if h.isInfinite { return Image(GeneratorNode(extent: .infinite, shine)) }
        guard h > 1, h < 1e7 else {
            if h >= 1e7 { throw LunetteError.invalid("CIStarShineGenerator: the shine reaches \(fmt(h)) pixels; raise epsilon or lower the radius") }
            return Image.empty
        }
        let extent = Rect(cx - h, cy - h, 2 * h, 2 * h).integral
        return Image(GeneratorNode(extent: extent, shine))
    }
}
