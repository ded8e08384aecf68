import Foundation
import PixelCore

extension Image {
    /// `warp` applied to this image's sRGB-encoded (premultiplied) values, the result decoded
    /// back to linear light: bilinear sampling then blends encoded values, as Core Image does
    /// when a warp kernel reads an 8-bit sRGB input (Apple's bars swipe matches encoded
    /// interpolation to 3 levels at worst, linear-light interpolation misses by up to 23).
    func warpedInSRGB(_ warp: (Image) -> Image) -> Image {
        warp(mappedStraight { ColorMath.encode($0) }).mappedStraight { ColorMath.decode($0) }
    }
}
