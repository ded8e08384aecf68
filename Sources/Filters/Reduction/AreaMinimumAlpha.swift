import Foundation
import PixelCore

/// CIAreaMinimumAlpha: one pixel at (0, 0), the pixel of `inputExtent` with the lowest alpha
/// (ties go to the lowest y, then the lowest x; outside the image counts as transparent).
/// Lua: `img | CIAreaMinimumAlpha{extent = img.extent}`
public enum AreaMinimumAlpha {
    public static let descriptor = FilterDescriptor(
        .reduction, "CIAreaMinimumAlpha", "Area Minimum Alpha",
        "Returns (as one pixel) the color of the pixel with the lowest alpha in inputExtent (ties resolved toward the lowest x, y).",
        inputs: [.image(), Reductions.extentInput]
    ) { f in
        try Reductions.onePixel(f) { image, area, rect in Reductions.alphaExtreme(image, area, rect, lowest: true) }
    }
}
