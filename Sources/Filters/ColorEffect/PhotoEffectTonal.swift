import Foundation
import PixelCore

/// CIPhotoEffectTonal: Lunette's model (no formula is published; see `PhotoEffectLook`): monochrome: Rec. 709 luma
/// in linear light, then a curve close to identity with a hint of S (keeps the contrast). Lua:
/// `img | CIPhotoEffectTonal{}`
public enum PhotoEffectTonal {
    /// The look: a monochrome matrix and the same curve on every channel.
    public static let look = PhotoEffectLook(monochrome: [(0, 0), (0.25, 0.235), (0.5, 0.5), (0.75, 0.77), (1, 1)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectTonal",
        "Preset black-and-white film look (Apple 'Tonal') that keeps contrast close to the original.", look: look)
}
