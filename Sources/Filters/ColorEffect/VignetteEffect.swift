import Foundation
import PixelCore

/// CIVignetteEffect. No formula is published; Lunette's model: at distance d from
/// `inputCenter` the shading is s = smoothstep(r, r·(1 + 2·falloff), d) (r = `inputRadius`;
/// falloff 0 gives a hard edge), applied with `inputIntensity` (negative lightens toward
/// white). Inside the radius the image is untouched. Lua: `img | CIVignetteEffect{center = Vector(320, 240), radius = 200}`
public enum VignetteEffect {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIVignetteEffect", "Vignette Effect", usage: [.video, .interlaced, .stillImage, .builtIn],
        "Darkens the image outside a circle around a centre point, fading over a falloff band; negative intensity lightens instead.",
        center: "Centre of the bright circle (pixels).",
        .number(.radius, 150, min: 0, slider: 0...2000, "Distance from the centre where the shading starts (pixels)."),
        .number(
            .intensity, 1, in: -1...1, slider: -1...1, identity: 0,
            "Strength of the shading; negative values lighten toward white."),
        .fraction("inputFalloff", 0.5, "Width of the fade, as a fraction of twice the radius.")
    ) { f in
        let image = try f.image()
        let intensity = f.number("inputIntensity")
        if intensity == 0 { return image }
        let c = f.vector("inputCenter"), radius = f.number("inputRadius"), falloff = f.number("inputFalloff")
        let cx = c[0], cy = c[1], outer = radius * (1 + 2 * falloff)
        return VignetteKernel.shade(image, intensity: intensity) { x, y in
            shading(((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot(), inner: radius, outer: outer)
        }
    }

    /// Hermite smoothstep from `inner` to `outer` (a step when they coincide).
    static func shading(_ d: Double, inner: Double, outer: Double) -> Double {
        if d <= inner { return 0 }
        if d >= outer { return 1 }
        let t = (d - inner) / (outer - inner)
        return t * t * (3 - 2 * t)
    }
}
