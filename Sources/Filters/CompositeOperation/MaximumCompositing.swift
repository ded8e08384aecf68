import Foundation
import PixelCore

/// CIMaximumCompositing: max(s, b) per premultiplied component, alpha included, on premultiplied pixels (s =
/// inputImage, b = inputBackgroundImage); extent: union of the inputs. Lua:
/// `fg | CIMaximumCompositing{backgroundImage = bg}`
public enum MaximumCompositing {
    /// The per-pixel operator.
    public struct Operator: CompositeOperator {
        public static var opacity: CompositeOpacity { .eitherInput }
        @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
            pointwiseMax(s, b)
        }
    }

    public static let descriptor = Composite.descriptor(
        Operator.self, "CIMaximumCompositing", "Maximum", usage: Composite.highDynamicRange, extent: .union,
        "Per-component maximum of the foreground and background images.")
}
