import Foundation
import PixelCore

/// CIAreaLogarithmicHistogram: like CIAreaHistogram, but R, G and B are binned by log2 of
/// their value between `inputMinimumStop` and `inputMaximumStop` (values at or below the
/// lower stop, zero included, fall in bin 0); alpha is binned linearly.
/// Lua: `img | CIAreaLogarithmicHistogram{extent = img.extent, minimumStop = -8}`
public enum AreaLogarithmicHistogram {
    public static let descriptor = FilterDescriptor(
        .reduction, "CIAreaLogarithmicHistogram", "Area Logarithmic Histogram", sorted: Family.laterHDR,
        "Histogram of R, G, B, A over inputExtent where RGB values are binned on a log2 scale between inputMinimumStop and inputMaximumStop.",
        inputs: Reductions.laterHistogramInputs + [
            .number("inputMinimumStop", -10, "log2 of the value at the left edge of bin 0."),
            .number("inputMaximumStop", 4, "log2 of the value at the right edge of the last bin."),
        ]
    ) { f in
        let lo = Float(f.number("inputMinimumStop")), hi = Float(f.number("inputMaximumStop"))
        guard hi > lo else {
            throw LunetteError.invalid("CIAreaLogarithmicHistogram: inputMaximumStop must be greater than inputMinimumStop")
        }
        return try Reductions.histogram(f) { count in
            { p in
                let l = SIMD3<Float>(p.x, p.y, p.z)
                let stops = SIMD3<Float>(l.x > 0 ? log2(l.x) : lo, l.y > 0 ? log2(l.y) : lo, l.z > 0 ? log2(l.z) : lo)
                let t = (stops - lo) / (hi - lo)
                return (Reductions.bin(Pixel(t.x, t.y, t.z, p.w), count), .one)
            }
        }
    }
}
