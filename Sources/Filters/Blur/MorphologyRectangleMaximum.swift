import Foundation
import PixelCore

/// CIMorphologyRectangleMaximum: each channel's maximum over a width × height rectangle, each
/// side rounded to the nearest odd whole number (van Herk / Gil–Werman, three operations
/// per pixel whatever the size); the extent grows by half of each side.
/// Lua: `img | CIMorphologyRectangleMaximum{width = 9, height = 3}`
public enum MorphologyRectangleMaximum {
    public static let descriptor = Morphology.rectangleDescriptor(
        "CIMorphologyRectangleMaximum", "Morphology Rectangle Maximum",
        "Every pixel takes the per-channel maximum within a width by height rectangle.", .maximum)
}
