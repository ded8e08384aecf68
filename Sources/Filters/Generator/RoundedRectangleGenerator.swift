import Foundation
import PixelCore

/// CIRoundedRectangleGenerator: `inputExtent` filled with `color`, its corners rounded by
/// `radius` (at most half the shorter side), edges anti-aliased by pixel coverage from the
/// signed distance to the outline (exact for square corners). The extent is the rectangle.
/// Lua: `CIRoundedRectangleGenerator{extent = Rect(0, 0, 300, 200), radius = 40, color = Color(0.9, 0.3, 0.2)}`
public enum RoundedRectangleGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CIRoundedRectangleGenerator", "Rounded Rectangle Generator", usage: [.stillImage, .builtIn],
        "Fills a rectangle with rounded corners with a colour.",
        inputs: Shape.rectangleInputs(radiusSlider: true)
    ) { f in
        let (rect, radius) = try Shape.rectangle(f)
        let color = Transfer.workingPixel(f.color("inputColor"))
        return Image(
            GeneratorNode(extent: rect) { x, y in
                color * Float(Shape.coverage(x, y, rect, radius: radius))
            })
    }
}
