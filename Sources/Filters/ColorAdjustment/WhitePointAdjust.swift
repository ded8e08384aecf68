import Foundation
import PixelCore

/// CIWhitePointAdjust: a plain per-channel multiply of the linear working-space colour by
/// `inputColor` linearised (alpha ignored), so white becomes exactly that colour.
/// Evidence: Apple's render (CIFilter.io, iOS 12.1, colour #ff56ac) is reproduced by the
/// multiply to 0.19 levels mean on 99.8 % of pixels (the rest are inputs clipped at 255
/// that held wider-gamut values); a Bradford adaptation, which mixes channels, was off by
/// up to 56 levels in the reds. Lua: `img | CIWhitePointAdjust{color = Color(1, 0.9, 0.75)}`
public enum WhitePointAdjust {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIWhitePointAdjust", "White Point Adjust",
        "Adapts all colours so that white becomes the given colour (a global colour cast or its correction).",
        inputs: [
            .image(),
            InputSpec(
                "inputColor", "Color", class: .color, type: "CIAttributeTypeColor",
                default: .color(Color(1, 1, 1, 1)), identity: .color(Color(1, 1, 1, 1)),
                description: "The colour that white is mapped to."),
        ]
    ) { f in
        let image = try f.image()
        let c = f.color("inputColor")
        if c.r == 1 && c.g == 1 && c.b == 1 { return image }
        let lin = ColorMath.linear(c)
        return ColorMath.matrixImage(image, ColorMath.diagonal(SIMD3(lin.x, lin.y, lin.z)))
    }
}
