import Foundation
import PixelCore

/// CIConstantColorGenerator: an infinite image of one colour (sRGB components, straight
/// alpha, stored premultiplied in the linear working space).
/// Lua: `CIConstantColorGenerator{color = Color(0, 0.5, 1)}`
public enum ConstantColorGenerator {
    public static let descriptor = FilterDescriptor(
        name: "CIConstantColorGenerator", displayName: "Constant Color",
        categories: [Category.generator, Category.video, Category.stillImage, Category.builtIn],
        description: "An infinite image filled with one colour.",
        inputs: [
            InputSpec("inputColor", "Color", class: .color, type: "CIAttributeTypeColor", default: .color(Color(1, 0, 0, 1)),
                      description: "The colour of every pixel."),
        ]
    ) { f in
        Image.color(f.color("inputColor"))
    }
}
