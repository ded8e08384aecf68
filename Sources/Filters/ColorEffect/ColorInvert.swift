import Foundation
import PixelCore

/// CIColorInvert. No formula is published; Lunette inverts the straight colour in its
/// sRGB-encoded form, rgb' = decode(1 − encode(rgb)), so an 8-bit value v becomes 255 − v
/// (the photographic negative people expect) and inverting twice restores the image.
/// Alpha is kept. Lua: `img | CIColorInvert{}`
public enum ColorInvert {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorInvert", "Color Invert",
        "Produces the colour negative of the image: each sRGB-encoded colour channel v becomes 1 − v.",
        imageOnly: { image in image.mappedStraight { c in ColorMath.decode(1 - ColorMath.encode(c)) } })
}
