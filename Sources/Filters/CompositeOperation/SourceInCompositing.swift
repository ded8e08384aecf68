import Foundation
import PixelCore

/// CISourceInCompositing: Porter-Duff in, s·αb, on premultiplied pixels (s = inputImage, b = inputBackgroundImage);
/// extent: intersection of the inputs (the background's coverage masks the source). Lua:
/// `fg | CISourceInCompositing{backgroundImage = bg}`
public enum SourceInCompositing {
    /// The per-pixel operator.
    public struct Operator: CompositeOperator {
        public static var opacity: CompositeOpacity { .bothInputs }
        @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
            s * b.w
        }
    }

    public static let descriptor = Composite.descriptor(
        Operator.self, "CISourceInCompositing", "Source In", usage: Composite.highDynamicRange, extent: .intersection,
        "Porter-Duff 'source in': keeps the foreground only where the background is opaque (the background acts as a mask).")
}
