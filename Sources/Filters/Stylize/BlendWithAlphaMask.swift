import Foundation
import PixelCore

/// CIBlendWithAlphaMask: mix(background, image, mask.a) on premultiplied colour — the
/// mask's alpha (clamped to 0…1) selects the image, its colour is ignored. One fused
/// 3-input point node; the extent is the union of the image's and the background's.
/// Lua: `fg | CIBlendWithAlphaMask{backgroundImage = bg, maskImage = mask}`
public enum BlendWithAlphaMask {
    public static let descriptor = MaskChannelBlend.descriptor(
        "CIBlendWithAlphaMask", "Blend With Alpha Mask", .alpha,
        "Shows the image where the mask is opaque and the background where it is transparent.",
        background: "The image shown where the mask is transparent.", mask: "The mask whose alpha selects the image.")
}
