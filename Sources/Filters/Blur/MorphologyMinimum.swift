import Foundation
import PixelCore

/// CIMorphologyMinimum: circular erosion, each channel's minimum over the offsets within
/// the radius (dx² + dy² ≤ r²); the extent grows by ⌊radius⌋ and transparent surroundings
/// count, so edges erode inward. Lua: `img | CIMorphologyMinimum{radius = 3}`
public enum MorphologyMinimum {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMorphologyMinimum", "Morphology Minimum",
        "Erodes: every pixel takes the per-channel minimum within a disc of the radius.",
        inputs: [
            .image(),
            .number(.radius, default: 0, sliderMin: 0, sliderMax: 50, identity: 0, "Radius of the disc, in pixels."),
        ]
    ) { f in
        try f.image().discReduced(radius: Morphology.radius(f.number("inputRadius")), .minimum)
    }
}
