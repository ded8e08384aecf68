import Foundation
import PixelCore

/// CIMorphologyMinimum: circular erosion, each channel's minimum over the offsets within
/// the radius (dx² + dy² ≤ r²); the extent grows by ⌊radius⌋ and transparent surroundings
/// count, so edges erode inward. Lua: `img | CIMorphologyMinimum{radius = 3}`
public enum MorphologyMinimum {
    public static let descriptor = Morphology.discDescriptor(
        "CIMorphologyMinimum", "Morphology Minimum", .minimum,
        "Erodes: every pixel takes the per-channel minimum within a disc of the radius.")
}
