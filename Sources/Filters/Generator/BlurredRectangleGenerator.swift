import Foundation
import PixelCore

/// CIBlurredRectangleGenerator: `inputExtent` filled with `color` and blurred by a Gaussian
/// of standard deviation `sigma`, in closed form: the blur is separable, so each pixel is
/// colour × cx × cy, where cx is the pixel-area average of Φ((x1 − t)/σ) − Φ((x0 − t)/σ)
/// (Φ the normal CDF; its integral t·Φ(t) + φ(t)), exact pixel coverage at σ = 0. The
/// extent is the rectangle grown by 4σ, where the blur falls below 1/30000.
/// Lua: `CIBlurredRectangleGenerator{extent = Rect(20, 20, 200, 120), sigma = 12, color = Color(0, 0, 0, 0.6)}`
public enum BlurredRectangleGenerator {
    public static let descriptor = FilterDescriptor(
        name: "CIBlurredRectangleGenerator", displayName: "Blurred Rectangle Generator",
        // Core Image files it under BuiltIn first, so the family shorthand would misorder them.
        categories: Shape.builtInHDRGenerator,
        description: "A rectangle of colour softened by a Gaussian blur: a drop shadow or glow.",
        inputs: [
            .vector(.extent, default: [0, 0, 100, 100], "The rectangle before blurring: x, y, width, height."),
            .number(
                "inputSigma", 10, type: "CIAttributeTypeDistance", min: 0,
                "Standard deviation of the Gaussian blur in pixels."),
            .color(.color, default: Color(1, 1, 1, 1), "The colour of the rectangle."),
        ]
    ) { f in
        let rect = f.vector("inputExtent").rect
        guard rect.width >= 0, rect.height >= 0, !rect.isInfinite else {
            throw LunetteError.invalid("CIBlurredRectangleGenerator.inputExtent: expected a finite rectangle")
        }
        let sigma = max(f.number("inputSigma"), 0)
        let color = Transfer.workingPixel(f.color("inputColor"))
        let grow = 4 * sigma
        let extent = Rect(rect.x - grow, rect.y - grow, rect.width + 2 * grow, rect.height + 2 * grow)
        return Image(
            GeneratorNode(extent: extent) { x, y in
                color * Float(coverage(x, rect.x, rect.x + rect.width, sigma) * coverage(y, rect.y, rect.y + rect.height, sigma))
            })
    }

    /// ∫ from −∞ to u of Φ(t/σ) dt: σ·(s·Φ(s) + φ(s)) with s = u/σ; max(u, 0) at σ = 0.
    @inline(__always) static func ramp(_ u: Double, _ sigma: Double) -> Double {
        guard sigma > 0 else { return max(u, 0) }
        let s = u / sigma
        return sigma * (s * 0.5 * erfc(-s / 2.squareRoot()) + exp(-s * s / 2) / (2 * Double.pi).squareRoot())
    }

    /// The blurred interval [lo, hi] averaged over the pixel centred at `c`.
    @inline(__always) static func coverage(_ c: Double, _ lo: Double, _ hi: Double, _ sigma: Double) -> Double {
        let a = c - 0.5, b = c + 0.5
        return (ramp(hi - a, sigma) - ramp(hi - b, sigma)) - (ramp(lo - a, sigma) - ramp(lo - b, sigma))
    }
}
