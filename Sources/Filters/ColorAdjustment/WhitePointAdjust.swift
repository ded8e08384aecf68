import Foundation
import PixelCore

/// CIWhitePointAdjust. No formula is published; Lunette's model: a von Kries adaptation in
/// Bradford cone space from the working space's white (D65, linear RGB 1, 1, 1) to the XYZ
/// of `inputColor` (linearised sRGB, alpha ignored), so a white pixel becomes exactly that
/// colour and every other colour is adapted the same way. Lua: `img | CIWhitePointAdjust{color = Color(1, 0.9, 0.75)}`
public enum WhitePointAdjust {
    public static let descriptor = FilterDescriptor(
        name: "CIWhitePointAdjust", displayName: "White Point Adjust",
        categories: [Category.colorAdjustment, Category.video, Category.stillImage, Category.interlaced,
                     Category.nonSquarePixels, Category.builtIn],
        description: "Adapts all colours so that white becomes the given colour (a global colour cast or its correction).",
        inputs: [
            .image(),
            InputSpec("inputColor", "Color", class: .color, type: "CIAttributeTypeColor",
                      default: .color(Color(1, 1, 1, 1)), identity: .color(Color(1, 1, 1, 1)),
                      description: "The colour that white is mapped to."),
        ]
    ) { f in
        let image = try f.image()
        let c = f.color("inputColor")
        if c.r == 1 && c.g == 1 && c.b == 1 { return image }
        let lin = ColorMath.linear(c)
        let white = ColorMath.apply(ColorMath.rgbToXYZ, SIMD3(1, 1, 1))
        let target = ColorMath.apply(ColorMath.rgbToXYZ, SIMD3(lin.x, lin.y, lin.z))
        return ColorMath.matrixImage(image, ColorMath.bradfordAdaptation(from: white, to: target))
    }
}
