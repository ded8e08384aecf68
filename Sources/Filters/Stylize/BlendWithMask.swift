import Foundation
import PixelCore

/// CIBlendWithMask: mix(background, image, m) on premultiplied colour, with m the mask's
/// green channel (Core Image's runtime text; a gray mask has equal channels) clamped to
/// 0…1 — transparent or missing mask pixels show the background. One fused 3-input point
/// node; the extent is the union of the image's and the background's.
/// Lua: `fg | CIBlendWithMask{backgroundImage = bg, maskImage = mask}`
public enum BlendWithMask {
    public static let descriptor = MaskChannelBlend.descriptor(
        "CIBlendWithMask", "Blend With Mask", .green,
        "Shows the image where the mask is white and the background where it is black.",
        background: "The image shown where the mask is black.", mask: "A grayscale mask (its green channel is used).")
}
