import Foundation
import PixelCore

/// CIAreaMinMax: a 2×1 image at (0, 0): the left pixel holds the per-component minimums,
/// the right the maximums, of `inputExtent` (premultiplied working space; outside the image
/// counts as transparent). Lua: `img:minMax()` (two Colors), or
/// `img | CIAreaMinMax{extent = img.extent}`
public enum AreaMinMax {
    public static let descriptor = FilterDescriptor(
        reduction: "CIAreaMinMax", "Area Min and Max",
        "Returns a 2 x 1 image: the left pixel holds per-component minimums and the right pixel per-component maximums over inputExtent.",
        size: { _ in (2, 1) }
    ) { image, area, rect in
        let (lo, hi) = Reductions.minMax(image, area, rect)
        let out = PixelBuffer(IRect(0, 0, 2, 1))
        out.pixels[0] = lo; out.pixels[1] = hi
        return out
    }
}
