import Foundation
import PixelCore

/// CIMorphologyMaximum: circular dilation, each channel's maximum over the offsets within
/// the radius (dx² + dy² ≤ r²); the extent grows by ⌊radius⌋, and transparent surroundings
/// count (so alpha grows outward). Lua: `img | CIMorphologyMaximum{radius = 3}`
public enum MorphologyMaximum {
    public static let descriptor = Morphology.discDescriptor(
        "CIMorphologyMaximum", "Morphology Maximum", .maximum,
        "Dilates: every pixel takes the per-channel maximum within a disc of the radius.")
}

/// Shared by the morphology and disc filters.
enum Morphology {
    /// A radius as the disc filters use it: negative reads as 0, and it is bounded so that
    /// a typo cannot ask for a disc of billions of rows.
    static func radius(_ r: Double) -> Double { r.isFinite ? min(max(r, 0), 4096) : 0 }

    /// The disc minimum and maximum filters: `op` over the disc of `inputRadius`.
    static func discDescriptor(
        _ name: String, _ displayName: String, _ op: Neighbourhood.Reduction, _ description: String
    ) -> FilterDescriptor {
        FilterDescriptor(
            .blur, name, displayName, description,
            inputs: [.image(), .number(.radius, 0, slider: 0...50, identity: 0, "Radius of the disc, in pixels.")]
        ) { f in
            try f.image().discReduced(radius: radius(f.number("inputRadius")), op)
        }
    }
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
                    "inputWidth", 5, type: "CIAttributeTypeInteger", min: 1, slider: 1...49, identity: 1,
                    "Width of the rectangle, in pixels (made odd)."),
                .number(
                    "inputHeight", 5, type: "CIAttributeTypeInteger", min: 1, slider: 1...49, identity: 1,
                    "Height of the rectangle, in pixels (made odd)."),
            ]
        ) { f in
            try f.image().rectangleReduced(
                hx: half(f.number("inputWidth")), hy: half(f.number("inputHeight")), op)
        }
    }
}
