import Foundation
import PixelCore

/// CITwirlDistortion: rotates the disc of `inputRadius` around `inputCenter`; the
/// rotation is `inputAngle` at the centre and falls off as θ(d) = angle · (1 − d/r)² to zero
/// at the rim (C¹-continuous there), so the content swirls. Model chosen by Lunette (no
/// public formula): a destination point at distance d samples the source rotated by −θ(d).
/// Lua: `img | CITwirlDistortion{center = Vector(256, 256), radius = 200, angle = math.pi}`
public enum TwirlDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CITwirlDistortion", "Twirl Distortion",
        "Swirls the disc around the centre: the rotation is the angle at the centre and fades to zero at the radius.",
        inputs: [
            .image(), .center("Centre of the twirl."),
            .number(
                .radius, default: 300, min: 0,
                sliderMin: 0, sliderMax: 500, identity: 300, "Radius of the affected disc, in pixels."),
            .number(
                .angle, default: .pi, sliderMin: -4 * .pi, sliderMax: 4 * .pi, identity: 0,
                "Rotation at the centre, in radians (positive is counter-clockwise)."),
        ]
    ) { f in
        let (image, center, r) = try f.disc()
        let angle = f.number("inputAngle")
        if r <= 0 || angle == 0 { return image }
        return swirl(image, center: center, radius: r) { t in angle * (1 - t) * (1 - t) }
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
