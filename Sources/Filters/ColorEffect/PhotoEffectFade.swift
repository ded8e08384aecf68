import Foundation
import PixelCore

/// CIPhotoEffectFade: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.6, then
/// curves that lift the blacks and dim the whites (a faded print), slightly warm. Lua: `img | CIPhotoEffectFade{}`
public enum PhotoEffectFade {
    /// The look: matrix, then red, green and blue curves (points on sRGB-encoded values).
    public static let look = PhotoEffectLook(
        matrix: PhotoEffectLook.saturation(0.6),
        red: [(0, 0.13), (0.5, 0.53), (1, 0.95)],
        green: [(0, 0.12), (0.5, 0.52), (1, 0.94)],
        blue: [(0, 0.12), (0.5, 0.5), (1, 0.9)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectFade", "Photo Effect Fade",
        "Preset film look (Apple 'Fade'): vintage-film emulation with washed-out, reduced color.",
        look: look)
}
