import Foundation
import PixelCore

/// CIGloom: dulls highlights by spreading dark areas. Model (no public formula), the dual
/// of CIBloom: on straight colour c with b a Gaussian blur of standard deviation
/// `inputRadius` (unpremultiplied by its alpha), the blur multiplies the image and is mixed
/// in by the intensity: c' = mix(c, c·b, k) = c − k·c·(1 − b). Bright pixels near dark
/// ones darken, black stays black, white areas far from shadow stay white. Alpha is
/// unchanged and the extent is the input's. Lua: `img | CIGloom{radius = 10, intensity = 0.5}`
public enum Gloom {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIGloom", "Gloom", "Dulls the highlights by multiplying the image with a blurred copy of itself.",
        inputs: [
            .image(), .number(.radius, 10, min: 0, slider: 0...100, identity: 0, "Standard deviation of the blur, in pixels."),
            .number(.intensity, 0.5, min: 0, slider: 0...1, identity: 0, "Strength of the effect: 0 none, 1 full."),
        ]
    ) { f in
        try f.blendedWithBlur { image, blur, k in image.zippedStraight(with: blur) { u, v in u - u * (1 - v) * k } }
    }
}
