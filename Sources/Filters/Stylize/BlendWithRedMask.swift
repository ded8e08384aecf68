import Foundation
import PixelCore

/// CIBlendWithRedMask: mix(background, image, mask.r) (Core Image's runtime description),
/// as `MaskChannelBlend` documents. Lua: `fg | CIBlendWithRedMask{backgroundImage = bg, maskImage = m}`
public enum BlendWithRedMask {
    public static let descriptor = MaskChannelBlend.descriptor("CIBlendWithRedMask", "Blend With Red Mask", .red)
}
