import Foundation
import PixelCore

/// CIRowAverage: a 1×H image at (0, 0) whose pixel y is the mean of row y of
/// `inputExtent` (premultiplied working space; outside the image counts as transparent).
/// Lua: `img | CIRowAverage{extent = img.extent}`
public enum RowAverage {
    public static let descriptor = FilterDescriptor(
        reduction: "CIRowAverage", "Row Average",
        "Produces a one-column image in which each pixel is the average color of the corresponding row of inputExtent.",
        size: { rect in (1, rect.height) }
    ) { image, area, rect in
        let empty = [SIMD4<Double>](repeating: .zero, count: rect.height)
        let sums = Reductions.fold(
            image, area, empty,
            tile: { b in
                var part = empty
                for y in 0..<b.height {
                    let row = b.row(y)
                    var s = SIMD4<Float>.zero
                    for x in 0..<b.width { s += row[x] }
                    part[b.rect.y + y - rect.y] = SIMD4<Double>(s)
                }
                return part
            }
        ) { total, part in for i in total.indices { total[i] += part[i] } }
        return Reductions.buffer(sums.map { $0 / Double(rect.width) }, vertical: true)
    }
}
