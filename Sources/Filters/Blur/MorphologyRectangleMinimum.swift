import Foundation
import PixelCore

/// CIMorphologyRectangleMinimum: each channel's minimum over a width × height rectangle, each
/// side rounded to the nearest odd whole number (van Herk / Gil–Werman, three operations
/// per pixel whatever the size); the extent grows by half of each side.
/// Lua: `img | CIMorphologyRectangleMinimum{width = 9, height = 3}`
public enum MorphologyRectangleMinimum {
    public static let descriptor = Morphology.rectangleDescriptor(
        "CIMorphologyRectangleMinimum", "Morphology Rectangle Minimum",
        "Every pixel takes the per-channel minimum within a width by height rectangle.", .minimum)
}
