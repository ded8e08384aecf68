import Foundation
import PixelCore

/// How `lunette try` and the gallery show a reduction, whose output is a few pixels: a
/// histogram as its chart (CIHistogramDisplayFilter), any other as its pixels enlarged
/// without blending (a swatch, a palette, stripes), over a `width`×`height` canvas at (0, 0).
public enum ReductionThumbnail {
    static let histograms: Set<String> = ["CIAreaHistogram", "CIAreaLogarithmicHistogram", "CIAreaAlphaWeightedHistogram"]

    /// `output` of filter `name` made viewable; other filters' outputs are returned unchanged.
    public static func present(_ output: Image, filter name: String, width: Int = 512, height: Int = 320) throws -> Image {
        guard let d = FilterRegistry.shared.descriptor(exactly: name), d.categories.contains(Category.reduction),
            name != HistogramDisplayFilter.descriptor.name
        else { return output }
        var img = output
        if histograms.contains(name) {
            let f = Filter(HistogramDisplayFilter.descriptor)
            try f.set("inputImage", .image(img))
            try f.set("inputHeight", .number(200))
            img = try f.outputImage()
        }
        let e = img.extent
        guard !e.isEmpty, !e.isInfinite else { return output }
        let sy = Double(height) / e.height, sx = Double(width) / e.width
        return Image(MaximumScaleNode(img.transformed(by: .translation(-e.x, -e.y)), sx: sx, sy: sy))
    }
}
