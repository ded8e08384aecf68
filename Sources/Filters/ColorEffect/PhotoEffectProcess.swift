import Foundation
import PixelCore

/// CIPhotoEffectProcess: Lunette's model (no formula is published; see `PhotoEffectLook`): saturation ×0.9, then
/// cross-process curves: blue-lifted shadows, green mids, reduced red and blue highlights. Lua:
/// `img | CIPhotoEffectProcess{}`
public enum PhotoEffectProcess {
    /// The look: matrix, then red, green and blue curves (points on sRGB-encoded values).
    public static let look = PhotoEffectLook(
        matrix: PhotoEffectLook.saturation(0.9),
        red: [(0, 0.02), (0.25, 0.19), (0.5, 0.45), (0.75, 0.75), (1, 0.95)],
        green: [(0, 0.03), (0.25, 0.26), (0.5, 0.54), (0.75, 0.8), (1, 0.98)],
        blue: [(0, 0.15), (0.5, 0.56), (1, 0.86)])

    public static let descriptor = PhotoEffect.descriptor(
        "CIPhotoEffectProcess", look: look, film: "vintage-film emulation that emphasizes cool (blue/green) tones.")
}
