import Foundation
import PixelCore

/// CIAreaAverage: one pixel at (0, 0) holding the mean of the premultiplied working-space
/// pixels of `inputExtent`; parts of the rectangle outside the image count as transparent.
/// Summed per tile on all cores, in Double across rows. Lua: `img:average()` (a Color), or
/// `img | CIAreaAverage{extent = img.extent}` (an image)
public enum AreaAverage {
    public static let descriptor = FilterDescriptor(
        reduction: "CIAreaAverage", "Area Average",
        "Reduces the region inputExtent to a single pixel holding its average color."
    ) { image, area, rect in
        let sum = Reductions.fold(image, area, SIMD4<Double>.zero, tile: Reductions.sum) { $0 += $1 }
        return Reductions.buffer([sum / Double(rect.count)])
    }
}
