import Foundation
import PixelCore

/// CIModTransition: the target shows through round holes centred on a square lattice of
/// pitch `radius`, turned by a' = time·(angle − π/4) + π/4. With d = p − center, x squeezed
/// as s·tanh(d.x / s), s = e·compression (undistorted near the centre, flattened beyond),
/// the lattice point q = rot(a')·d / radius and f = 2·|q − round(q)| ∈ [0, √2], the source's
/// weight is clamp(17/(1.47303709·time) · f − 16.5, 0, 1): a hole's radius grows as
/// 0.7148·time lattice units and covers every cell (√2/2) by time 1.
/// Evidence: Core Image's outputImage (a public class dump) passes exactly these time and
/// angle terms and 1/radius to its kernel; Apple's render (CIFilter.io, iOS 13.3: angle 3,
/// compression 1, radius 50, time 0.5013, centre 0,0) has horizontal bands repeating every
/// 158 px = 50·√10 (the lattice step (3, −1) along the turned y axis); five hole edges lie
/// on one circle of radius 0.367 (the predicted 50 % rim 0.369) whose centre is off the
/// lattice point as if x were 2.72 ± 0.03 everywhere (e·compression). The tanh form of the
/// squeeze is a guess (only its saturated limit is seen).
/// Lua: `a | CIModTransition{targetImage = b, time = 0.5, center = Vector(96, 64)}`
public enum ModTransition {
    struct Holes: Sendable {
        let cx, cy, cosA, sinA, scale, squeeze, gain: Double

        /// The source's share at (x, y).
        @inline(__always) func source(_ x: Double, _ y: Double) -> Float {
            let dx0 = x - cx, dy = y - cy
            let dx = squeeze * tanh(dx0 / squeeze)
            let u = (dx * cosA + dy * sinA) * scale, v = (-dx * sinA + dy * cosA) * scale
            let fu = u - u.rounded(), fv = v - v.rounded()
            let f = 2 * (fu * fu + fv * fv).squareRoot()
            return Float(min(max(gain * f - 16.5, 0), 1))
        }
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIModTransition", "Mod",
        "Reveals the target image through round holes that grow on a turning lattice around a centre.",
        inputs: [
            .image(), .target,
            .center("Centre of the pattern."),
            .time,
            .number(
                .angle, 2, slider: -2 * Double.pi...2 * Double.pi, identity: 0,
                "Turn of the hole lattice by the end of the transition, radians."),
            .number(.radius, 150, min: 1, slider: 1...200, "Spacing of the holes (lattice pitch) in pixels."),
            .number(
                "inputCompression", 300, type: "CIAttributeTypeDistance", min: 1, slider: 100...800,
                "Sideways distance from the centre (÷ e) beyond which the holes are stretched flat."),
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let time = f.number("inputTime")
        guard time > 0 else { return Image(PositionalPointNode([source, target]) { _, _, s, _, _ in s }) }
        let c = f.vector("inputCenter")
        let turn = time * (f.number("inputAngle") - 0.7854) + 0.7854
        let holes = Holes(
            cx: c[0], cy: c[1], cosA: cos(turn), sinA: sin(turn), scale: 1 / max(f.number("inputRadius"), 1e-6),
            squeeze: exp(1) * max(f.number("inputCompression"), 1e-6), gain: 17 / (1.47303709 * time))
        return Image(
            PositionalPointNode([source, target]) { x, y, s, t, _ in
                Pattern.mix(t, s, holes.source(x, y))
            })
    }
}
