import Foundation
import PixelCore

/// CIAreaMinimum: one pixel at (0, 0) holding the per-component minimum of every component of the
/// premultiplied working-space pixels of `inputExtent` (outside the image counts as
/// transparent). Lua: `img | CIAreaMinimum{extent = img.extent}`
public enum AreaMinimum {
    public static let descriptor = FilterDescriptor(
        onePixel: "CIAreaMinimum", "Area Minimum",
        "Reduces inputExtent to one pixel holding the per-component minimum values."
    ) { image, area, rect in Reductions.minMax(image, area, rect).min }
}
