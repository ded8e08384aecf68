import Foundation
import PixelCore

/// CIRoundedRectangleStrokeGenerator: the outline of CIRoundedRectangleGenerator's shape,
/// a band `width` pixels wide inside its edge (the points at distance 0…width from the
/// outline: the inner corners round by radius − width, square once that is ≤ 0): the
/// outer shape's coverage less the inner one's.
/// Lua: `CIRoundedRectangleStrokeGenerator{extent = Rect(0, 0, 300, 200), radius = 30, width = 6}`
public enum RoundedRectangleStrokeGenerator {
    public static let descriptor = FilterDescriptor(
        name: "CIRoundedRectangleStrokeGenerator", displayName: "Rounded Rectangle Stroke Generator",
        // Core Image files it under BuiltIn first, so the family shorthand would misorder them.
        categories: Shape.builtInHDRGenerator,
        description: "Draws the outline of a rounded rectangle: a band of the given width inside its edge.",
        inputs: Shape.rectangleInputs(radiusSlider: false) + [
            .number(.width, 10, min: 0, "Width of the stroke in pixels, measured inward from the edge.")
        ]
    ) { f in
        let (rect, radius) = try Shape.rectangle(f)
        let color = Transfer.workingPixel(f.color("inputColor"))
        let width = max(f.number("inputWidth"), 0)
        let inner = Rect(rect.x + width, rect.y + width, max(rect.width - 2 * width, 0), max(rect.height - 2 * width, 0))
        let innerRadius = max(radius - width, 0)
        return Image(
            GeneratorNode(extent: rect) { x, y in
                color
                    * Float(max(Shape.coverage(x, y, rect, radius: radius) - Shape.coverage(x, y, inner, radius: innerRadius), 0))
            })
    }
}
