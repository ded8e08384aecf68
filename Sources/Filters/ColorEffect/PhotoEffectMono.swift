import Foundation
import PixelCore

/// CIPhotoEffectMono: Lunette's model (no formula is published; see `PhotoEffectLook`): monochrome: Rec. 709 luma
/// in linear light, then one gentle curve with slightly lifted blacks (low contrast). Lua:
/// `img | CIPhotoEffectMono{}`
public enum PhotoEffectMono {
    /// The look: a monochrome matrix and the same curve on every channel.
    public static let look = PhotoEffectLook(monochrome: [(0, 0.05), (0.25, 0.29), (0.5, 0.52), (0.75, 0.75), (1, 0.95)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectMono", "Preset black-and-white film look (Apple 'Mono') with low contrast.", look: look
    )
}
