import Foundation
import PixelCore

/// CIBlendWithBlueMask: mix(background, image, mask.b) (Core Image's runtime description),
/// as `MaskChannelBlend` documents. Lua: `fg | CIBlendWithBlueMask{backgroundImage = bg, maskImage = m}`
public enum BlendWithBlueMask {
    public static let descriptor = MaskChannelBlend.descriptor("CIBlendWithBlueMask", "Blend With Blue Mask", .blue)
}
