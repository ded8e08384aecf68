import Foundation
import PixelCore

/// CIMaximumCompositing: max(s, b) per premultiplied component, alpha included, on premultiplied pixels (s =
/// inputImage, b = inputBackgroundImage); extent: union of the inputs. Lua:
/// `fg | CIMaximumCompositing{backgroundImage = bg}`
public enum MaximumCompositing {
    /// The per-pixel operator: the larger of the two, per component.
    public typealias Operator = ExtremeCompositing<Larger>

    public static let descriptor = Composite.descriptor(
        Operator.self, "CIMaximumCompositing", "Maximum", usage: Composite.highDynamicRange, extent: .union,
        "Per-component maximum of the foreground and background images.")
}
