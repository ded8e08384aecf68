import Foundation
import PixelCore

/// CISourceAtopCompositing: Porter-Duff atop, s·αb + b·(1 − αs); result alpha = αb, on premultiplied pixels (s =
/// inputImage, b = inputBackgroundImage); extent: the background's extent (zero wherever the background is). Lua:
/// `fg | CISourceAtopCompositing{backgroundImage = bg}`
public enum SourceAtopCompositing {
    /// The per-pixel operator.
    public struct Operator: CompositeOperator {
        public static var opacity: CompositeOpacity { .background }
        @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
            s * b.w + b * (1 - s.w)
        }
    }

    public static let descriptor = Composite.descriptor(
        Operator.self, "CISourceAtopCompositing", "Source Atop", usage: Composite.highDynamicRange, extent: .background,
        "Porter-Duff 'source atop': shows the background, with the foreground drawn only where the background is opaque.")
}
