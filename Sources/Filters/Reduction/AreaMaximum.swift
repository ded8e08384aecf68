import Foundation
import PixelCore

/// CIAreaMaximum: one pixel at (0, 0) holding the per-component maximum of every component of the
/// premultiplied working-space pixels of `inputExtent` (outside the image counts as
/// transparent). Lua: `img | CIAreaMaximum{extent = img.extent}`
public enum AreaMaximum {
    public static let descriptor = FilterDescriptor(
        onePixel: "CIAreaMaximum", "Area Maximum",
        "Reduces inputExtent to one pixel holding the per-component maximum values."
    ) { image, area, rect in Reductions.minMax(image, area, rect).max }
}
