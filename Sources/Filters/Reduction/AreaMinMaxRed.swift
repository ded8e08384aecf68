import Foundation
import PixelCore

/// CIAreaMinMaxRed: one opaque pixel at (0, 0) whose red is the minimum and green the
/// maximum red component of `inputExtent` (blue 0; outside the image counts as
/// transparent). Lua: `img | CIAreaMinMaxRed{extent = img.extent}`
public enum AreaMinMaxRed {
    public static let descriptor = FilterDescriptor(
        onePixel: "CIAreaMinMaxRed", "Area Min and Max Red",
        "Returns one pixel whose red channel holds the minimum and green channel the maximum red value found in inputExtent."
    ) { image, area, rect in
        let (lo, hi) = Reductions.minMax(image, area, rect)
        return Pixel(lo.x, hi.x, 0, 1)
    }
}
