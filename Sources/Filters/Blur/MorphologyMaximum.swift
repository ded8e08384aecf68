import Foundation
import PixelCore

/// CIMorphologyMaximum: circular dilation, each channel's maximum over the offsets within
/// the radius (dx² + dy² ≤ r²); the extent grows by ⌊radius⌋, and transparent surroundings
/// count (so alpha grows outward). Lua: `img | CIMorphologyMaximum{radius = 3}`
public enum MorphologyMaximum {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMorphologyMaximum", "Morphology Maximum",
        "Dilates: every pixel takes the per-channel maximum within a disc of the radius.",
        inputs: [
            .image(),
            .number(.radius, default: 0, sliderMin: 0, sliderMax: 50, identity: 0, "Radius of the disc, in pixels."),
        ]
    ) { f in
        try f.image().discReduced(radius: Morphology.radius(f.number("inputRadius")), .maximum)
    }
}

/// Shared by the morphology and disc filters.
enum Morphology {
    /// A radius as the disc filters use it: negative reads as 0, and it is bounded so that
    /// a typo cannot ask for a disc of billions of rows.
    static func radius(_ r: Double) -> Double { r.isFinite ? min(max(r, 0), 4096) : 0 }
}

extension Morphology {
    /// Half of a rectangle side rounded to the nearest odd whole number (5 → 2, 4 → 2, 1 → 0).
    static func half(_ side: Double) -> Int {
        side.isFinite ? Int(((min(max(side, 1), 8193) - 1) / 2).rounded()) : 0
    }
}

extension Morphology {
    /// The rectangle minimum and maximum filters: width and height sides made odd, reduced by
    /// van Herk / Gil–Werman (`Image.rectangleReduced`).
    static func rectangleDescriptor(
        _ name: String, _ displayName: String, _ description: String, _ op: Neighbourhood.Reduction
    ) -> FilterDescriptor {
        FilterDescriptor(
            .blur, name, displayName, description,
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
                hx: half(f.number("inputWidth")), hy: half(f.number("inputHeight")), op)
        }
    }
}
