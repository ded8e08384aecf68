import Foundation
import PixelCore

/// CIGlassDistortion: looks at the image through textured glass. `inputTexture` is a height
/// map (its luminance) centred on `inputCenter`, its edge pixels extended beyond its extent;
/// the glass refracts each pixel by the slope of the surface above it: the output at p is
/// the input at p + scale · ∇h(p), the gradient by central differences in pixels (slopes of
/// at most ½ per pixel, so offsets of at most scale/2). A flat texture changes nothing; the
/// extent is the input's. Model chosen by Lunette (Apple documents no formula).
/// Lua: `img | CIGlassDistortion{texture = Image.load("glass.png"), center = Vector(256, 256), scale = 60}`
public enum GlassDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIGlassDistortion", "Glass Distortion",
        "Refracts the image through glass whose surface heights are the texture's brightness.",
        inputs: [
            .image(),
            .image("inputTexture", "Texture", "A height map: its brightness is the glass's surface height."),
            .center("Where the texture's centre lies on the image."),
            .number(
                "inputScale", 200, type: "CIAttributeTypeDistance", min: 0, slider: 0.01...500, identity: 0,
                "Strength of the refraction: the offset, in pixels, of a slope of one unit of brightness per pixel."),
        ]
    ) { f in
        try requireFinite(f, "inputCenter", "inputScale")
        let image = try f.image(), texture = try f.image("inputTexture")
        let c = f.vector("inputCenter"), scale = f.number("inputScale")
        if scale == 0 || texture.extent.isEmpty { return image }
        let e = texture.extent
        let placed =
            e.isInfinite
            ? texture
            : texture.transformed(by: Transform(1, 0, 0, 1, c[0] - (e.minX + e.width / 2), c[1] - (e.minY + e.height / 2)))
                .clampedToExtent()
        return Image(
            OffsetFieldWarpNode(image, field: placed, reach: abs(scale) / 2, fieldMargin: 1) { field, x, y in
                (
                    scale * (height(field[x + 1, y]) - height(field[x - 1, y])) / 2,
                    scale * (height(field[x, y + 1]) - height(field[x, y - 1])) / 2
                )
            })
    }

    /// The surface height of a texture pixel: its Rec. 709 luminance, clamped to 0…1.
    @inline(__always) static func height(_ p: Pixel) -> Double {
        Double(min(max(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z, 0), 1))
    }
}
