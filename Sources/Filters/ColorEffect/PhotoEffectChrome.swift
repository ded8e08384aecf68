import Foundation
import PixelCore

/// CIPhotoEffectChrome: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×1.2 in linear
/// light, then an S-curve for contrast with slightly warm highlights and cool shadows. Lua:
/// `img | CIPhotoEffectChrome{}`
public enum PhotoEffectChrome {
    /// The look: matrix, then red, green and blue curves (points on sRGB-encoded values).
    public static let look = PhotoEffectLook(
        matrix: PhotoEffectLook.saturation(1.2),
        red: [(0, 0), (0.25, 0.21), (0.5, 0.51), (0.75, 0.8), (1, 1)],
        green: [(0, 0), (0.25, 0.21), (0.5, 0.5), (0.75, 0.79), (1, 1)],
        blue: [(0, 0.02), (0.25, 0.23), (0.5, 0.49), (0.75, 0.77), (1, 0.98)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectChrome", look: look, film: "vintage-film emulation with boosted, exaggerated color.")
}
