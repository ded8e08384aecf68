import Foundation
import PixelCore

/// CIPhotoEffectTransfer: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.95, then
/// warm vintage curves: red mids raised, blue mids and highlights lowered, shadows lifted. Lua:
/// `img | CIPhotoEffectTransfer{}`
public enum PhotoEffectTransfer {
    /// The look: matrix, then red, green and blue curves (points on sRGB-encoded values).
    public static let look = PhotoEffectLook(
        matrix: PhotoEffectLook.saturation(0.95),
        red: [(0, 0.04), (0.5, 0.57), (1, 1)],
        green: [(0, 0.02), (0.5, 0.5), (1, 0.95)],
        blue: [(0, 0.02), (0.5, 0.4), (1, 0.78)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectTransfer", "Photo Effect Transfer",
        "Preset film look (Apple 'Transfer'): vintage-film emulation that emphasizes warm tones.",
        look: look)
}
