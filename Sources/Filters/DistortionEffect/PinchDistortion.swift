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
        disc: "CIPinchDistortion", "Pinch Distortion",
        "Pinches the disc around the centre: content is pulled inwards, more strongly for larger scales.",
        center: "Centre of the pinch.", radius: .discRadius(300, slider: 0...1000, identity: 0),
        .number(.scale, 0.5, min: 0, slider: 0...2, identity: 0, "Strength of the pinch: 0 leaves the image unchanged.")
    ) { f, image, center, r in
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
