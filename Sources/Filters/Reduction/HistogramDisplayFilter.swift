import Foundation
import PixelCore

/// CIHistogramDisplayFilter: draws a histogram image (one row, such as CIAreaHistogram's
/// output) as an opaque bar chart `inputHeight` pixels tall at (0, 0), one column per bin
/// between the fractions `inputLowLimit` and `inputHighLimit` of the row. Each of R, G and B
/// is its own bar, scaled so the tallest bin shown fills the height, so overlaps mix
/// (white where all three meet). Lua: `img | CIAreaHistogram{extent = img.extent} | CIHistogramDisplayFilter{}`
public enum HistogramDisplayFilter {
    public static let descriptor = FilterDescriptor(
        .reduction, "CIHistogramDisplayFilter", "Histogram Display",
        "Draws a viewable bar chart (inputHeight tall) from a 1-pixel-tall histogram image such as the output of CIAreaHistogram.",
        inputs: [
            .image(), .number("inputHeight", 100, in: 1...200, slider: 1...100, "The height of the chart, in pixels."),
            .fraction("inputHighLimit", 1, "The fraction of the row where the chart ends (its right edge)."),
            .fraction("inputLowLimit", 0, "The fraction of the row where the chart starts (its left edge)."),
        ]
    ) { f in
        let input = try f.image()
        let e = input.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid(
                "CIHistogramDisplayFilter: inputImage must be a finite histogram row (CIAreaHistogram's output)")
        }
        let row = IRect(covering: e)
        let lo = f.number("inputLowLimit"), hi = f.number("inputHighLimit")
        guard hi > lo else {
            throw LunetteError.invalid("CIHistogramDisplayFilter: inputHighLimit must be greater than inputLowLimit")
        }
        let first = row.x + Int((lo * Double(row.width)).rounded(.down))
        let last = max(first + 1, row.x + Int((hi * Double(row.width)).rounded(.up)))
        let bins = IRect(first, row.y, last - first, 1)
        let height = max(1, Int(f.number("inputHeight").rounded()))
        let node = ReductionNode(input, rect: bins.rect, extent: Rect(0, 0, Double(bins.width), Double(height))) { image, area in
            let src = (try? Context(threads: 1).render(image, rect: bins)) ?? PixelBuffer(bins)
            let top = (0..<bins.width).reduce(Pixel.zero) { pointwiseMax($0, src[bins.x + $1, bins.y]) }
            let out = PixelBuffer(uninitialized: IRect(0, 0, bins.width, height))
            for x in 0..<bins.width {
                let v = src[bins.x + x, bins.y]
                let bar =
                    SIMD3<Float>(top.x > 0 ? v.x / top.x : 0, top.y > 0 ? v.y / top.y : 0, top.z > 0 ? v.z / top.z : 0)
                    * Float(height)
                for y in 0..<height {
                    let c = SIMD3<Float>(repeating: Float(y) + 0.5)
                    let on = SIMD3<Float>.zero.replacing(with: 1, where: c .< bar)
                    out.row(y)[x] = Pixel(on.x, on.y, on.z, 1)
                }
            }
            return out
        }
        return Image(node)
    }
}
