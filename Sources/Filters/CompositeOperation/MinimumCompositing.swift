import Foundation
import PixelCore

/// CIMinimumCompositing: min(s, b) per premultiplied component, alpha included, on premultiplied pixels (s =
/// inputImage, b = inputBackgroundImage); extent: union of the inputs, as for the other arithmetic composites
/// (where only one input has pixels the result is min(x, 0), i.e. transparent for ordinary colours). Lua:
/// `fg | CIMinimumCompositing{backgroundImage = bg}`
public enum MinimumCompositing {
    /// The per-pixel operator: the smaller of the two, per component.
    public typealias Operator = ExtremeCompositing<Smaller>

    public static let descriptor = Composite.descriptor(
        Operator.self, "CIMinimumCompositing", "Minimum", usage: Composite.highDynamicRange, extent: .union,
        "Per-component minimum of the foreground and background images.")
}
