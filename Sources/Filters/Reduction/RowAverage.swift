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
        let sums = Reductions.foldRows(image, area, empty) { part, row, y, b in
            var s = SIMD4<Float>.zero
            for x in 0..<b.width { s += row[x] }
            part[y - rect.y] = SIMD4<Double>(s)
        } merge: {
            Reductions.addEach(&$0, $1)
        }
        return Reductions.buffer(sums.map { $0 / Double(rect.width) }, vertical: true)
    }
}
