import Foundation
import PixelCore

/// CIBumpDistortion: a lens-like bulge (scale > 0) or dent (scale < 0) in the disc of
/// `inputRadius`. Model chosen by Lunette (no public formula): a destination point at
/// distance d < r samples the source at d · (1 − scale · (1 − (d/r)²)²) on the same ray, so
/// the centre is magnified by 1/(1 − scale), the rim is continuous (C¹), and the map stays
/// monotonic for −1.25 ≤ scale ≤ 1. Lua: `img | CIBumpDistortion{center = Vector(256, 256), scale = 0.5}`
public enum BumpDistortion {
    public static let descriptor = FilterDescriptor(
        disc: "CIBumpDistortion", "Bump Distortion",
        "Bulges the disc around the centre outwards (positive scale) or dents it inwards (negative scale).",
        center: "Centre of the bump.", radius: .discRadius(300, slider: 0...600),
        .number(
            .scale, 0.5, slider: -1...1, identity: 0, "Curvature of the bump: 0 leaves the image unchanged, negative values dent."
        )
    ) { f, image, center, r in
        let k = f.number("inputScale")
        if r <= 0 || k == 0 { return image }
        let s: @Sendable (Double) -> Double = { d in bump(d, radius: r, scale: k) }
        return RadialWarp(
            center: center, radius: r,
            profile: { d in (s(d), 0) },
            bounds: { d0, d1 in
                if k <= 1, k >= -1.25 { return (s(d0), s(d1), 0, 0) }
                // Folded map (the ray passes through the centre): bound |s| only.
                return (0, d1 * max(1, abs(1 - k)), -.pi, .pi)
            }
        ).apply(to: image)
    }

    /// The bump profile on a signed coordinate u within `radius` of the axis.
    @inline(__always) static func bump(_ u: Double, radius r: Double, scale k: Double) -> Double {
        let t = u / r
        let h = 1 - t * t
        return u * (1 - k * h * h)
    }
}
