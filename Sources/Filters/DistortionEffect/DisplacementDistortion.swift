import Foundation
import PixelCore

/// CIDisplacementDistortion: moves each pixel by an offset read from
/// `inputDisplacementImage` at the same place: the output at p is the input at
/// p + scale · (R − ½, G − ½) of the displacement image (values clamped to 0…1, so a mid-grey
/// map moves nothing and the largest offset is scale/2 along each axis). The displacement
/// image's edge pixels extend beyond its extent; the extent is the input's. Model chosen by
/// Lunette (Apple documents only that grey values displace the image).
/// Lua: `img | CIDisplacementDistortion{displacementImage = map, scale = 40}`
public enum DisplacementDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIDisplacementDistortion", "Displacement Distortion",
        "Moves each pixel by an offset read from the displacement image's red and green values (mid-grey moves nothing).",
        inputs: [
            .image(),
            InputSpec(
                "inputDisplacementImage", "Displacement Image", class: .image,
                description: "Red and green values give the horizontal and vertical offset; 0.5 is none."),
            .number(
                "inputScale", 50, type: "CIAttributeTypeDistance", min: 0, slider: 0...200, identity: 0,
                "Strength, in pixels: a displacement value of 1 (or 0) moves by half of it."),
        ]
    ) { f in
        try requireFinite(f, "inputScale")
        let image = try f.image(), map = try f.image("inputDisplacementImage")
        let scale = f.number("inputScale")
        if scale == 0 || map.extent.isEmpty { return image }
        return Image(
            OffsetFieldWarpNode(image, field: map.clampedToExtent(), reach: abs(scale) / 2, fieldMargin: 0) { field, x, y in
                let p = field[x, y]
                return (scale * (Double(min(max(p.x, 0), 1)) - 0.5), scale * (Double(min(max(p.y, 0), 1)) - 0.5))
            })
    }
}
