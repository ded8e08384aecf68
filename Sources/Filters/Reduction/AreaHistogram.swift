import Foundation
import PixelCore

/// CIAreaHistogram: an `inputCount`×1 image at (0, 0) whose pixel k holds, per channel, the
/// share of `inputExtent`'s pixels whose premultiplied working-space value falls in bin k of
/// [0, 1] (values outside are clamped), times `inputScale`: at scale 1 each channel sums to 1.
/// Lua: `img:histogram{bins = 256}` (tables of counts), or
/// `img | CIAreaHistogram{extent = img.extent, count = 256}`
public enum AreaHistogram {
    public static let descriptor = FilterDescriptor(
        .reduction, "CIAreaHistogram", "Area Histogram",
        "Builds inputCount-bin histograms of R, G, B and A over inputExtent; output is an inputCount x 1 image, scaled by inputScale.",
        inputs: [.image(), Reductions.extentInput, Reductions.scaleInput, Reductions.countInput]
    ) { f in
        try Reductions.histogram(f, Reductions.linearBinning)
    }
}
