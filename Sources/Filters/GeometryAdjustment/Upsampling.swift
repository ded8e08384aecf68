import Foundation
import PixelCore

/// What CIGuidedFilter and CIEdgePreserveUpsampleFilter share.
enum Upsampling {
    /// The small image and the guide (both finite and non-empty).
    static func images(_ f: FilterInputs, _ smallKey: String, _ guideKey: String) throws -> (Image, Image) {
        let small = try f.image(smallKey), guide = try f.image(guideKey)
        for (key, img) in [(smallKey, small), (guideKey, guide)] where img.extent.isInfinite || img.extent.isEmpty {
            throw LunetteError.invalid("\(f.filter).\(key): needs an image with a finite, non-empty extent (crop it first)")
        }
        return (small, guide)
    }

    /// `image` stretched (bilinearly) so its extent becomes `target`.
    static func stretched(_ image: Image, onto target: Rect) -> Image {
        let e = image.extent
        if e == target { return image }
        let t = Transform.translation(-e.x, -e.y)
            .concatenating(.scale(target.width / e.width, target.height / e.height))
            .concatenating(.translation(target.x, target.y))
        return image.transformed(by: t)
    }

    /// Means over (2r + 1)² boxes of a width×height plane, for the plane shrunk by r on
    /// every side (row-major, from its bottom row); running sums, so the cost does not grow with r.
    static func boxMean(_ v: [Double], width: Int, height: Int, radius r: Int) -> [Double] {
        let w2 = width - 2 * r, h2 = height - 2 * r, n = Double((2 * r + 1) * (2 * r + 1))
        var rows = [Double](repeating: 0, count: w2 * height)
        for y in 0..<height {
            var s = 0.0
            for x in 0..<(2 * r + 1) { s += v[y * width + x] }
            for x in 0..<w2 {
                rows[y * w2 + x] = s
                if x + 1 < w2 { s += v[y * width + x + 2 * r + 1] - v[y * width + x] }
            }
        }
        var out = [Double](repeating: 0, count: w2 * h2)
        for x in 0..<w2 {
            var s = 0.0
            for y in 0..<(2 * r + 1) { s += rows[y * w2 + x] }
            for y in 0..<h2 {
                out[y * w2 + x] = s / n
                if y + 1 < h2 { s += rows[(y + 2 * r + 1) * w2 + x] - rows[y * w2 + x] }
            }
        }
        return out
    }
}
