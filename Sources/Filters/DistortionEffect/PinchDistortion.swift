import Foundation
import PixelCore

/// CIPinchDistortion: pulls the content of the disc of `inputRadius` towards `inputCenter`.
/// Model chosen by Lunette (no public formula): a destination point at distance d < r samples
/// the source at distance r · (d/r)^(1/(1+scale)) on the same ray — scale 0 is the identity,
/// the map is continuous at the rim and monotonic for every scale ≥ 0, and larger scales
/// squeeze more of the disc into its centre.
/// Lua: `img | CIPinchDistortion{center = Vector(256, 256), radius = 200, scale = 0.5}`
public enum PinchDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIPinchDistortion", "Pinch Distortion",
        "Pinches the disc around the centre: content is pulled inwards, more strongly for larger scales.",
        inputs: [
            .image(), .center("Centre of the pinch."),
            .number(
                .radius, default: 300, min: 0,
                sliderMin: 0, sliderMax: 1000, identity: 0, "Radius of the affected disc, in pixels."),
            .number(
                .scale, default: 0.5, min: 0, sliderMin: 0, sliderMax: 2, identity: 0,
                "Strength of the pinch: 0 leaves the image unchanged."),
        ]
    ) { f in
        let (image, center, r) = try f.disc()
        let scale = f.number("inputScale")
        if r <= 0 || scale == 0 { return image }
        let p = 1 / (1 + scale)
        let s: @Sendable (Double) -> Double = { d in r * pow(d / r, p) }
        return RadialWarp(
            center: center, radius: r,
            profile: { d in (s(d), 0) },
            bounds: { d0, d1 in (s(d0), s(d1), 0, 0) }
        ).apply(to: image)
    }
}
