import Foundation
import PixelCore

/// CIVignette. No formula is published; Lunette models natural lens vignetting, the cos⁴ law:
/// with ρ the distance from the extent's centre over half its diagonal (1 in the corners),
/// the light kept is g = cos⁴(atan(ρ / radius)) = 1 / (1 + (ρ/radius)²)², and the shading
/// s = 1 − g is applied with `inputIntensity` (negative values lighten toward white). A larger
/// radius pushes the shading outward. Needs a finite extent. Lua: `img | CIVignette{intensity = 1, radius = 1}`
public enum Vignette {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIVignette", "Vignette", usage: [.video, .interlaced, .stillImage, .builtIn],
        "Darkens the image toward its corners like a lens; intensity sets the strength (negative lightens), radius how far out the shading reaches.",
        inputs: [
            .image(),
            .number(
                .intensity, 0, in: -1...1, slider: -1...1, identity: 0,
                "Strength of the shading; negative values lighten toward white."),
            .number(
                "inputRadius", 1, in: 0...2, slider: 0...2,
                "Spread of the light, relative to half the image diagonal: larger keeps more of the image bright."),
        ]
    ) { f in
        let image = try f.image()
        let intensity = f.number("inputIntensity"), radius = f.number("inputRadius")
        if intensity == 0 { return image }
        let e = image.extent
        if e.isEmpty { return image }
        if e.isInfinite {
            throw LunetteError.invalid("\(f.filter): the image has an infinite extent, so it has no centre; crop it first")
        }
        let cx = e.x + e.width / 2, cy = e.y + e.height / 2
        let halfDiagonal = (e.width * e.width + e.height * e.height).squareRoot() / 2
        return VignetteKernel.shade(image, intensity: intensity) { x, y in
            shading(((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() / halfDiagonal, radius: radius)
        }
    }

    /// 1 − cos⁴(atan(ρ / radius)).
    static func shading(_ rho: Double, radius: Double) -> Double {
        if radius <= 0 { return rho > 0 ? 1 : 0 }
        let q = rho / radius
        let g = 1 / (1 + q * q)
        return 1 - g * g
    }
}
