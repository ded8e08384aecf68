import Foundation
import PixelCore

/// CIPhotoEffectInstant: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.8, then
/// curves with lifted shadows and a yellow-warm cast that tames the blue highlights. Lua:
/// `img | CIPhotoEffectInstant{}`
public enum PhotoEffectInstant {
    /// The look: saturation, then per channel its encoded value at black, mid grey and white.
    public static let look = PhotoEffectLook(
        saturation: 0.8, black: (0.08, 0.07, 0.12), mid: (0.54, 0.53, 0.46), white: (0.97, 0.96, 0.82))

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectInstant", look: look, film: "instant-camera style emulation with shifted, distorted colors.")
}
