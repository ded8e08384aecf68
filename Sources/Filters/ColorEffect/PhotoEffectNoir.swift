import Foundation
import PixelCore

/// CIPhotoEffectNoir: Lunette's model (no formula is published; see `PhotoEffectLook`): monochrome: luma weighted
/// towards red (like a red filter on film), then a strong S-curve (deep blacks, bright whites). Lua:
/// `img | CIPhotoEffectNoir{}`
public enum PhotoEffectNoir {
    /// The look: a monochrome matrix and the same curve on every channel.
    public static let look = PhotoEffectLook(
        monochrome: [(0, 0), (0.2, 0.07), (0.5, 0.44), (0.8, 0.9), (1, 1)], weights: SIMD3(0.35, 0.6, 0.05))

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectNoir",
        "Preset black-and-white film look (Apple 'Noir') with strongly exaggerated contrast.", look: look)
}
