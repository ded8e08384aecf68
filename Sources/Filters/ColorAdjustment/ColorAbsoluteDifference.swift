import Foundation
import PixelCore

/// CIColorAbsoluteDifference: |rgb₁ − rgb₂| of the straight colours, with alpha a₁·a₂
/// (premultiplied again by it); the extent is where both images are.
/// Lua: `a | CIColorAbsoluteDifference{image2 = b}`
public enum ColorAbsoluteDifference {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorAbsoluteDifference", "Color Absolute Difference",
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn],
        "The absolute difference of two images' colours, with the product of their alphas.",
        inputs: [.image(), InputSpec("inputImage2", "Image2", class: .image, description: "The image to subtract.")]
    ) { f in
        let a = try f.image(), b = try f.image("inputImage2")
        return a.zipped(with: b, extent: a.extent.intersection(b.extent)) { p, q in
            let u = p.unpremultiplied, v = q.unpremultiplied, alpha = p.w * q.w
            let d = pointwiseMax(u - v, v - u)
            return Pixel(d.x * alpha, d.y * alpha, d.z * alpha, alpha)
        }
    }
}
