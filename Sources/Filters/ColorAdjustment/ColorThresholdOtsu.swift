import Foundation
import PixelCore

/// CIColorThresholdOtsu: CIColorThreshold at the threshold Otsu's method picks from the
/// image's own histogram (of linear luminance, 256 bins, alpha-weighted), so the cut
/// separates the two tone populations. Needs a finite extent.
/// Lua: `img | CIColorThresholdOtsu()`
public enum ColorThresholdOtsu {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorThresholdOtsu", "Color Threshold Otsu",
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn],
        "Binarises each colour channel at the threshold Otsu's method finds in the image's histogram.",
        inputs: [.image()]
    ) { f in
        let image = try f.image()
        guard !image.extent.isInfinite, !image.extent.isEmpty else {
            throw LunetteError.invalid("CIColorThresholdOtsu: the image needs a finite, non-empty extent (crop it first)")
        }
        return image.otsuThresholded()
    }
}
