import Foundation
import PixelCore

/// CIUnsharpMask: adds back the difference between the image and a Gaussian blur of
/// standard deviation `inputRadius`, scaled by `inputIntensity`. Model (no public formula):
/// on straight colour, c' = c + k·(c − b) with b the blurred colour unpremultiplied by the
/// blurred alpha (so transparent surroundings do not ring at the image's edges); alpha is
/// unchanged and the extent is the input's. A fused point node over the image and its blur.
/// Lua: `img | CIUnsharpMask{radius = 2.5, intensity = 0.5}`
public enum UnsharpMask {
    public static let descriptor = FilterDescriptor(
        .sharpen, "CIUnsharpMask", "Unsharp Mask",
        "Increases edge contrast by adding the difference between the image and a blurred copy, scaled by the intensity.",
        inputs: [
            .image(), .number(.radius, 2.5, min: 0, slider: 0...100, identity: 0, "Standard deviation of the blur, in pixels."),
            .number(.intensity, 0.5, min: 0, slider: 0...1, identity: 0, "How much of the difference is added back."),
        ]
    ) { f in
        try f.blendedWithBlur { image, blur, k in image.zippedStraight(with: blur) { u, v in u + (u - v) * k } }
    }
}
