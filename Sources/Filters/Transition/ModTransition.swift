import Foundation
import PixelCore

/// CIModTransition: the target shows through round holes that open in a swirling
/// lattice around `center`. No public formula; the model: a pixel at distance d from the
/// centre is rotated by angle · d / compression (a spiral twist), the plane is cut into
/// square cells of side `radius`, and each cell (i, j) opens a hole at its centre after a
/// delay φ = ½ · hash(i, j) ∈ [0, ½); the hole's radius is s · (0.7072 · radius + 1) with
/// s = clamp((time − φ)/(1 − φ), 0, 1), and the target's share is clamp(hole radius −
/// distance to the cell centre, 0, 1) (a one-pixel anti-aliased rim). At time 1 every
/// hole covers its whole cell. Lua: `a | CIModTransition{targetImage = b, time = 0.5, center = Vector(96, 64)}`
public enum ModTransition {
    struct Holes: Sendable {
        let cx, cy, twist, cell, time, full: Double

        /// The target's share at (x, y).
        @inline(__always) func reveal(_ x: Double, _ y: Double) -> Float {
            guard time > 0 else { return 0 }
            let dx = x - cx, dy = y - cy
            let theta = twist * (dx * dx + dy * dy).squareRoot()
            let c = cos(theta), s = sin(theta)
            let u = dx * c + dy * s, v = -dx * s + dy * c
            let i = (u / cell).rounded(.down), j = (v / cell).rounded(.down)
            let du = u - (i + 0.5) * cell, dv = v - (j + 0.5) * cell
            let delay = 0.5 * Double(RandomGenerator.values(Int64(min(max(i, -1e15), 1e15)), Int64(min(max(j, -1e15), 1e15))).x)
            let open = min(max((time - delay) / (1 - delay), 0), 1)
            return Float(min(max(open * full - (du * du + dv * dv).squareRoot(), 0), 1))
        }
    }

    public static let descriptor = FilterDescriptor(
        name: "CIModTransition", displayName: "Mod",
        categories: [Category.transition, Category.video, Category.stillImage, Category.builtIn],
        description: "Reveals the target image through round holes that open in a swirling lattice around a centre.",
        inputs: [
            .image(), .target,
            .vector("inputCenter", "Center", type: "CIAttributeTypePosition", default: [150, 150], "Centre of the swirl."),
            .time,
            .number("inputAngle", "Angle", type: "CIAttributeTypeAngle", default: 2, sliderMin: -2 * Double.pi,
                    sliderMax: 2 * Double.pi, identity: 0, "Twist of the lattice, radians per `compression` pixels from the centre."),
            .number("inputRadius", "Radius", type: "CIAttributeTypeDistance", default: 150, min: 1, sliderMin: 1, sliderMax: 200,
                    "Spacing of the holes (side of a lattice cell) in pixels."),
            .number("inputCompression", "Compression", type: "CIAttributeTypeDistance", default: 300, min: 1,
                    sliderMin: 100, sliderMax: 800, "Distance from the centre over which the lattice turns by `angle`."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let c = f.vector("inputCenter")
        let cell = f.number("inputRadius")
        let holes = Holes(cx: c[0], cy: c[1], twist: f.number("inputAngle") / f.number("inputCompression"),
                          cell: cell, time: f.number("inputTime"), full: 0.7072 * cell + 1)
        return Image(PositionalPointNode([source, target]) { x, y, s, t, _ in
            Pattern.mix(s, t, holes.reveal(x, y))
        })
    }
}
