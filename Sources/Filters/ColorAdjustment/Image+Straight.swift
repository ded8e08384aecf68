import Foundation
import PixelCore

extension Image {
    /// `function` applied to each pixel's straight (unpremultiplied) colour, alpha kept;
    /// transparent pixels stay as they are. Swift: `image.mappedStraight { c in 1 - c }`
    func mappedStraight(_ function: @escaping @Sendable (SIMD3<Float>) -> SIMD3<Float>) -> Image {
        mapped { p in p.w > 0 ? ColorMath.pixel(function(ColorMath.rgb(p)), p.w) : p }
    }
}
