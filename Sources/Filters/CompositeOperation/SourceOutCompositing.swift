import Foundation
import PixelCore

/// CISourceOutCompositing: Porter-Duff out, s·(1 − αb), on premultiplied pixels (s = inputImage, b =
/// inputBackgroundImage); extent: the source's extent (zero wherever the source is). Lua:
/// `fg | CISourceOutCompositing{backgroundImage = bg}`
public enum SourceOutCompositing {
    /// The per-pixel operator.
    public struct Operator: CompositeOperator {
        public static var opacity: CompositeOpacity { .never }
        @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
            s * (1 - b.w)
        }
    }

    public static let descriptor = Composite.descriptor(
        Operator.self, "CISourceOutCompositing", "Source Out", usage: Composite.highDynamicRange, extent: .source,
        "Porter-Duff 'source out': keeps the foreground only where the background is transparent.")
}
