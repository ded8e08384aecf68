import Foundation
import PixelCore

/// CIHoleDistortion: punches a transparent hole of `inputRadius` at `inputCenter` and
/// pushes the image outwards to make room, conserving area. Model chosen by Lunette (no public
/// formula): a destination point at distance d ≥ r samples the source at √(d² − r²) on the
/// same ray, so the annulus r…d holds exactly the source disc of that area; the push is
/// strongest at the hole's edge and fades as r²/2d far away.
/// Lua: `img | CIHoleDistortion{center = Vector(256, 256), radius = 60}`
public enum HoleDistortion {
    public static let descriptor = FilterDescriptor(
        disc: "CIHoleDistortion", "Hole Distortion",
        "Opens a transparent circular hole at the centre and pushes the image outwards around it, preserving area.",
        center: "Centre of the hole.",
        radius: .discRadius(150, min: 0.01, slider: 0.01...1000, identity: 0.1, "Radius of the hole, in pixels.")
    ) { f, image, center, r in
        let s: @Sendable (Double) -> Double = { d in max(0, d * d - r * r).squareRoot() }
        return RadialWarp(
            center: center, radius: r, zone: .outside, voidInside: true,
            profile: { d in (s(d), 0) },
            bounds: { d0, d1 in (s(d0), s(d1), 0, 0) }
        ).apply(to: image)
    }
}
