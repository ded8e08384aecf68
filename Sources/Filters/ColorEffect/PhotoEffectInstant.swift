import Foundation
import PixelCore

/// CIPhotoEffectInstant: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.8, then
/// curves with lifted shadows and a yellow-warm cast that tames the blue highlights. Lua:
/// `img | CIPhotoEffectInstant{}`
public enum PhotoEffectInstant {
    /// The look: matrix, then red, green and blue curves (points on sRGB-encoded values).
    public static let look = PhotoEffectLook(
        matrix: PhotoEffectLook.saturation(0.8),
        red: [(0, 0.08), (0.5, 0.54), (1, 0.97)],
        green: [(0, 0.07), (0.5, 0.53), (1, 0.96)],
        blue: [(0, 0.12), (0.5, 0.46), (1, 0.82)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectInstant", "Photo Effect Instant",
        "Preset film look (Apple 'Instant'): instant-camera style emulation with shifted, distorted colors.",
        look: look)
}
