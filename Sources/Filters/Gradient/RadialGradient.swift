import Foundation
import PixelCore

/// CIRadialGradient: an infinite gradient between two circles around `center`; with d the
/// distance to the centre, t = (d − radius0) / (radius1 − radius0) clamped to 0…1 and the
/// colour color0 · (1 − t) + color1 · t (linear premultiplied). Equal radii give a disc
/// edge anti-aliased over one pixel. Lua: `CIRadialGradient{radius0 = 0, radius1 = 200}`
public enum RadialGradient {
    public static let descriptor = FilterDescriptor(
        .gradient, "CIRadialGradient", "Radial Gradient",
        "A gradient between two concentric circles: color0 inside radius0 blending to color1 at radius1.",
        inputs: [
            .center("Centre of both circles."),
            .number(
                "inputRadius0", "Radius 1", 5, type: "CIAttributeTypeDistance", min: 0, slider: 0...800,
                "Radius where the gradient has color0."),
            .number(
                "inputRadius1", "Radius 2", 100, type: "CIAttributeTypeDistance", min: 0, slider: 0...800,
                "Radius where the gradient has color1."),
            .color(.color0, default: Color(1, 1, 1, 1), "Colour at radius0 (and inside it when radius0 < radius1)."),
            .color(.color1, default: Color(0, 0, 0, 1), "Colour at radius1 (and outside it when radius0 < radius1)."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let r0 = f.number("inputRadius0"), r1 = f.number("inputRadius1")
        let c0 = Transfer.workingPixel(f.color("inputColor0")), c1 = Transfer.workingPixel(f.color("inputColor1"))
        let span = r1 - r0
        return Image(
            GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1) { x, y in
                let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
                let t = span != 0 ? (d - r0) / span : d - r0 + 0.5
                return Pattern.mix(c0, c1, Float(min(max(t, 0), 1)))
            })
    }
}
