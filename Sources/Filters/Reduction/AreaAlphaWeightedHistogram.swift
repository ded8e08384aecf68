import Foundation
import PixelCore

/// CIAreaAlphaWeightedHistogram: like CIAreaHistogram, but R, G and B are binned after
/// un-premultiplying and each pixel adds its alpha (transparent pixels count for nothing);
/// the A channel is the plain histogram of alpha. Lua:
/// `img | CIAreaAlphaWeightedHistogram{extent = img.extent, count = 64}`
public enum AreaAlphaWeightedHistogram {
    public static let descriptor = FilterDescriptor(
        .reduction, "CIAreaAlphaWeightedHistogram", "Area Alpha Weighted Histogram", sorted: Family.later,
        "Counts R, G and B values (after un-premultiplying) into inputCount bins over inputExtent, each pixel contributing in proportion to its alpha; result is a single-row image.",
        inputs: Reductions.laterHistogramInputs
    ) { f in
        try Reductions.histogram(f) { count in
            { p in
                let a = p.w
                let straight = a > 0 ? p / a : .zero
                return (Reductions.bin(Pixel(straight.x, straight.y, straight.z, a), count), Pixel(a, a, a, 1))
            }
        }
    }
}
