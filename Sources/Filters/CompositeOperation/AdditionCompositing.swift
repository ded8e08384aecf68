import Foundation
import PixelCore

/// CIAdditionCompositing: s + b on all four premultiplied components (alpha may exceed 1 until the sink clamps it),
/// on premultiplied pixels (s = inputImage, b = inputBackgroundImage); extent: union of the inputs. Lua:
/// `fg | CIAdditionCompositing{backgroundImage = bg}`
public enum AdditionCompositing {
    /// The per-pixel operator.
    public struct Operator: CompositeOperator {
        public static var opacity: CompositeOpacity { .eitherInput }
        @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
            s + b
        }
    }

    public static let descriptor = Composite.descriptor(
        Operator.self, "CIAdditionCompositing", "Addition", usage: Composite.highDynamicRange, extent: .union,
        "Adds the foreground and background colors component by component, brightening the result (used for highlights and lens flares)."
    )
}
