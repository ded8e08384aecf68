import Foundation
import PixelCore

/// CIMorphologyRectangleMaximum: each channel's maximum over a width × height rectangle, each
/// side rounded to the nearest odd whole number (van Herk / Gil–Werman, three operations
/// per pixel whatever the size); the extent grows by half of each side.
/// Lua: `img | CIMorphologyRectangleMaximum{width = 9, height = 3}`
public enum MorphologyRectangleMaximum {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMorphologyRectangleMaximum", "Morphology Rectangle Maximum",
        "Every pixel takes the per-channel maximum within a width by height rectangle.",
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
            hy: Morphology.half(f.number("inputHeight")), .maximum)
    }
}
