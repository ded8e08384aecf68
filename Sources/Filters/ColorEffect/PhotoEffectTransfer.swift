import Foundation
import PixelCore

/// CIPhotoEffectTransfer: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.95, then
/// warm vintage curves: red mids raised, blue mids and highlights lowered, shadows lifted. Lua:
/// `img | CIPhotoEffectTransfer{}`
public enum PhotoEffectTransfer {
    /// The look: saturation, then per channel its encoded value at black, mid grey and white.
    public static let look = PhotoEffectLook(
        saturation: 0.95, black: (0.04, 0.02, 0.02), mid: (0.57, 0.5, 0.4), white: (1, 0.95, 0.78))

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectTransfer", look: look, film: "vintage-film emulation that emphasizes warm tones.")
}
