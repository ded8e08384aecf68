import Foundation
import PixelCore

/// CITwirlDistortion: rotates the disc of `inputRadius` around `inputCenter`; the
/// rotation is `inputAngle` at the centre and falls off as θ(d) = angle · (1 − d/r)² to zero
/// at the rim (C¹-continuous there), so the content swirls. Model chosen by Lunette (no
/// public formula): a destination point at distance d samples the source rotated by −θ(d).
/// Lua: `img | CITwirlDistortion{center = Vector(256, 256), radius = 200, angle = math.pi}`
public enum TwirlDistortion {
    public static let descriptor = swirlDescriptor(
        "CITwirlDistortion", "Twirl Distortion",
        "Swirls the disc around the centre: the rotation is the angle at the centre and fades to zero at the radius.",
        center: "Centre of the twirl.", radius: .discRadius(300, slider: 0...500, identity: 300),
        angle: .number(
            .angle, .pi, slider: -4 * .pi...4 * .pi, identity: 0,
            "Rotation at the centre, in radians (positive is counter-clockwise).")
    ) { angle, t in angle * (1 - t) * (1 - t) }

    /// A swirl of the disc: `theta(angle, t)` is the rotation at t = d/r (zero at t = 1);
    /// a zero radius or angle leaves the image unchanged.
    static func swirlDescriptor(
        _ name: String, _ displayName: String, _ description: String, center: String, radius: InputSpec,
        angle: InputSpec, _ theta: @escaping @Sendable (Double, Double) -> Double
    ) -> FilterDescriptor {
        FilterDescriptor(disc: name, displayName, description, center: center, radius: radius, angle) {
            f, image, center, r in
            let angle = f.number("inputAngle")
            if r <= 0 || angle == 0 { return image }
            return swirl(image, center: center, radius: r) { t in theta(angle, t) }
        }
    }

    /// A rotation warp: θ(t) for t = d/r in [0, 1], monotonic in t, zero at t = 1.
    static func swirl(
        _ image: Image, center: Point, radius r: Double,
        _ theta: @escaping @Sendable (Double) -> Double
    ) -> Image {
        RadialWarp(
            center: center, radius: r,
            profile: { d in (d, -theta(d / r)) },
            bounds: { d0, d1 in
                let (t0, t1) = monotonicRange(-theta(d0 / r), -theta(min(d1, r) / r))
                return (d0, d1, t0, t1)
            }
        ).apply(to: image)
    }
}
