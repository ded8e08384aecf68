import Foundation
import PixelCore

/// CIColumnAverage: a W×1 image at (0, 0) whose pixel x is the mean of column x of
/// `inputExtent` (premultiplied working space; outside the image counts as transparent).
/// Lua: `img | CIColumnAverage{extent = img.extent}`
public enum ColumnAverage {
    public static let descriptor = FilterDescriptor(
        reduction: "CIColumnAverage", "Column Average",
        "Produces a one-row image in which each pixel is the average color of the corresponding column of inputExtent.",
        size: { rect in (rect.width, 1) }
    ) { image, area, rect in
        let empty = [SIMD4<Double>](repeating: .zero, count: rect.width)
        let sums = Reductions.fold(
            image, area, empty,
            tile: { b in
                var cols = [SIMD4<Float>](repeating: .zero, count: b.width)
                for y in 0..<b.height {
                    let row = b.row(y)
                    for x in 0..<b.width { cols[x] += row[x] }
                }
                var part = empty
                for x in 0..<b.width { part[b.rect.x + x - rect.x] = SIMD4<Double>(cols[x]) }
                return part
            }
        ) { Reductions.addEach(&$0, $1) }
        return Reductions.buffer(sums.map { $0 / Double(rect.height) })
    }
}
