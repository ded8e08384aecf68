import Foundation
import PixelCore

/// CILinearGradient: an infinite gradient; with t the projection of the pixel onto the
/// segment point0 → point1 (0 at point0, 1 at point1, clamped beyond), the colour is
/// color0 · (1 − t) + color1 · t in the linear premultiplied working space.
/// Lua: `CILinearGradient{point0 = Vector(0, 0), point1 = Vector(640, 0), color1 = Color(0, 0, 1)}`
public enum LinearGradient {
    public static let descriptor = FilterDescriptor(
        .gradient, "CILinearGradient", "Linear Gradient",
        "An infinite linear gradient from color0 at point0 to color1 at point1.",
        inputs: GradientAxis.inputs
    ) { f in
        try GradientAxis(f).image { $0 }
    }
}

/// The inputs and geometry shared by the two-point gradients.
struct GradientAxis {
    static let inputs: [InputSpec] = [
        .vector(.point0, default: [0, 0], "Where the gradient has color0."),
        .vector(.point1, default: [200, 200], "Where the gradient has color1."),
        .color(.color0, default: Color(1, 1, 1, 1), "Colour at point0 and before it."),
        .color(.color1, default: Color(0, 0, 0, 1), "Colour at point1 and beyond it."),
    ]

    let x0, y0, dx, dy, inverseLength2: Double
    let c0, c1: Pixel

    init(_ f: FilterInputs) throws {
        let p0 = f.vector("inputPoint0"), p1 = f.vector("inputPoint1")
        x0 = p0[0]; y0 = p0[1]; dx = p1[0] - x0; dy = p1[1] - y0
        let l2 = dx * dx + dy * dy
        guard l2 > 0, l2.isFinite else {
            throw LunetteError.invalid("\(f.filter): inputPoint0 and inputPoint1 must be two different points")
        }
        inverseLength2 = 1 / l2
        c0 = Transfer.workingPixel(f.color("inputColor0")); c1 = Transfer.workingPixel(f.color("inputColor1"))
    }

    /// The gradient with `shape` applied to the clamped parameter t.
    func image(_ shape: @escaping @Sendable (Double) -> Double) -> Image {
        let g = self
        return Image(
            GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1) { x, y in
                let t = min(max(((x - g.x0) * g.dx + (y - g.y0) * g.dy) * g.inverseLength2, 0), 1)
                return Pattern.mix(g.c0, g.c1, Float(shape(t)))
            })
    }
}
