import Foundation
import PixelCore

/// CIAreaMaximumAlpha: one pixel at (0, 0), the pixel of `inputExtent` with the highest alpha
/// (ties go to the lowest y, then the lowest x; outside the image counts as transparent).
/// Lua: `img | CIAreaMaximumAlpha{extent = img.extent}`
public enum AreaMaximumAlpha {
    public static let descriptor = FilterDescriptor(
        onePixel: "CIAreaMaximumAlpha", "Area Maximum Alpha",
        "Returns (as one pixel) the color of the pixel with the highest alpha in inputExtent (ties resolved toward the lowest x, y)."
    ) { image, area, rect in Reductions.alphaExtreme(image, area, rect, lowest: false) }
}
