import Foundation
import PixelCore

/// CIAreaMinimumAlpha: one pixel at (0, 0), the pixel of `inputExtent` with the lowest alpha
/// (ties go to the lowest y, then the lowest x; outside the image counts as transparent).
/// Lua: `img | CIAreaMinimumAlpha{extent = img.extent}`
public enum AreaMinimumAlpha {
    public static let descriptor = FilterDescriptor(
        onePixel: "CIAreaMinimumAlpha", "Area Minimum Alpha",
        "Returns (as one pixel) the color of the pixel with the lowest alpha in inputExtent (ties resolved toward the lowest x, y)."
    ) { image, area, rect in Reductions.alphaExtreme(image, area, rect, lowest: true) }
}
