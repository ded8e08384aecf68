import Foundation
import PixelCore

/// CIConstantColorGenerator: an infinite image of one colour (sRGB components, straight
/// alpha, stored premultiplied in the linear working space).
/// Lua: `CIConstantColorGenerator{color = Color(0, 0.5, 1)}`
public enum ConstantColorGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CIConstantColorGenerator", "Constant Color", "An infinite image filled with one colour.",
        inputs: [.color(.color, default: Color(1, 0, 0, 1), "The colour of every pixel.")]
    ) { f in
        Image.color(f.color("inputColor"))
    }
}
