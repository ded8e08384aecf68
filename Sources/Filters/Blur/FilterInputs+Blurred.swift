import Foundation
import PixelCore

extension FilterInputs {
    /// The image and its Gaussian blur of standard deviation `inputRadius`, combined by
    /// `combine` with k = `inputIntensity`; the image itself below 0.01 px or at k = 0.
    /// CIUnsharpMask, CIGloom and CIBloom differ only in `combine`.
    func blendedWithBlur(_ combine: (_ image: Image, _ blur: Image, _ k: Float) -> Image) throws -> Image {
        let image = try image()
        let radius = number("inputRadius"), k = Float(number("inputIntensity"))
        if radius < 0.01 || k == 0 { return image }
        return combine(image, image.gaussianBlurred(sigma: radius), k)
    }
}

extension Image {
    /// `function(u, v)` on the straight colours of this image (u) and `other` (v, unpremultiplied
    /// by its own alpha), premultiplied again by this image's alpha, which is kept.
    func zippedStraight(with other: Image, _ function: @escaping @Sendable (Pixel, Pixel) -> Pixel) -> Image {
        zipped(with: other, preservesAlpha: true) { s, b in
            guard s.w > 0 else { return s }
            let c = function(s.unpremultiplied, b.unpremultiplied)
            return Pixel(c.x * s.w, c.y * s.w, c.z * s.w, s.w)
        }
    }
}
