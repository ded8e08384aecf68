import Foundation
import PixelCore

/// CIMorphologyRectangleMinimum: each channel's minimum over a width × height rectangle, each
/// side rounded to the nearest odd whole number (van Herk / Gil–Werman, three operations
/// per pixel whatever the size); the extent grows by half of each side.
/// Lua: `img | CIMorphologyRectangleMinimum{width = 9, height = 3}`
public enum MorphologyRectangleMinimum {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMorphologyRectangleMinimum", "Morphology Rectangle Minimum",
        "Every pixel takes the per-channel minimum within a width by height rectangle.",
        inputs: [
            .image(),
            .number(
                "inputWidth", "Width", type: "CIAttributeTypeInteger", default: 5, min: 1,
                sliderMin: 1, sliderMax: 49, identity: 1, "Width of the rectangle, in pixels (made odd)."),
            .number(
                "inputHeight", "Height", type: "CIAttributeTypeInteger", default: 5, min: 1,
                sliderMin: 1, sliderMax: 49, identity: 1, "Height of the rectangle, in pixels (made odd)."),
        ]
    ) { f in
        try f.image().rectangleReduced(
            hx: Morphology.half(f.number("inputWidth")),
            hy: Morphology.half(f.number("inputHeight")), .minimum)
    }
}
