import Foundation
import PixelCore

/// CIMultiplyCompositing: s·b per premultiplied component, alpha included, on premultiplied pixels (s = inputImage,
/// b = inputBackgroundImage); extent: intersection of the inputs (the product is zero wherever either is
/// transparent). Lua: `fg | CIMultiplyCompositing{backgroundImage = bg}`
public enum MultiplyCompositing {
    /// The per-pixel operator.
    public struct Operator: CompositeOperator {
        public static var opacity: CompositeOpacity { .bothInputs }
        @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
            s * b
        }
    }

    public static let descriptor = Composite.descriptor(
        Operator.self, "CIMultiplyCompositing", "Multiply", usage: Composite.highDynamicRange, extent: .intersection,
        "Multiplies the color components of the two images, e.g. to apply a lighting or spotlight image.")
}
