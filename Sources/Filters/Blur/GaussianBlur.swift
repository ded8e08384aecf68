import Foundation
import PixelCore

/// CIGaussianBlur: a Gaussian whose standard deviation is `inputRadius` pixels, within
/// 1/255 of a direct convolution for every radius (direct separable taps below σ = 3,
/// decimate–blur–resample above, so the cost per pixel does not grow with the radius; see
/// `GaussianBlurNode`). The extent grows by 3.5σ rounded up. Outside its extent the input
/// is transparent, so edges darken: clamp first and crop after (see `specials`).
/// Lua: `img | CIGaussianBlur{radius = 4}`
public enum GaussianBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIGaussianBlur", "Gaussian Blur", usage: [.stillImage, .video, .builtIn],
        "Blurs the image with a Gaussian kernel whose standard deviation is the radius.",
        inputs: [
            .image(),
            .number("inputRadius", 10, min: 0, slider: 0...100, identity: 0, "Standard deviation of the Gaussian, in pixels."),
        ]
    ) { f in
        try f.image().gaussianBlurred(sigma: f.number("inputRadius"))
    }
}
