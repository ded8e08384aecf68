import Foundation
import PixelCore

/// CIPhotoEffectFade: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.6, then
/// curves that lift the blacks and dim the whites (a faded print), slightly warm. Lua: `img | CIPhotoEffectFade{}`
public enum PhotoEffectFade {
    /// The look: saturation, then per channel its encoded value at black, mid grey and white.
    public static let look = PhotoEffectLook(
        saturation: 0.6, black: (0.13, 0.12, 0.12), mid: (0.53, 0.52, 0.5), white: (0.95, 0.94, 0.9))

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectFade", look: look, film: "vintage-film emulation with washed-out, reduced color.")
}
