import Foundation
import PixelCore

/// CIDither: adds uniform noise of width `inputIntensity` (so ±intensity/2) to each
/// sRGB-encoded channel of the straight colour, the perceptual space Core Image dithers in,
/// to break banding before a file quantises it; alpha kept. The noise is CIRandomGenerator's
/// hash of the pixel's integer position, so every render gives the same grain and its mean
/// over an area is the image's. Intensity 0 leaves the image unchanged.
/// Lua: `img | CIDither{intensity = 0.1}`
public enum Dither {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIDither", "Dither", usage: Family.common,
        "Adds a fine, zero-mean noise to the sRGB-encoded colour to hide banding; intensity is the noise's width.",
        inputs: [
            .image(),
            .number(
                .intensity, 0.1, in: 0...5, slider: 0...1, identity: 0,
                "Width of the uniform noise added to each sRGB-encoded channel (0.1: ±0.05, about ±13 levels of 8 bits)."),
        ]
    ) { f in
        let image = try f.image()
        let amount = Float(f.number("inputIntensity"))
        guard amount > 0 else { return image }
        return Image(
            PositionalPointNode([image], extent: image.extent) { x, y, p, _, _ in
                guard p.w > 0 else { return p }
                let n = RandomGenerator.values(Int64(x.rounded(.down)), Int64(y.rounded(.down)))
                let e = ColorMath.encode(ColorMath.rgb(p)) + (SIMD3(n.x, n.y, n.z) - 0.5) * amount
                return ColorMath.pixel(ColorMath.decode(e), p.w)
            })
    }
}
