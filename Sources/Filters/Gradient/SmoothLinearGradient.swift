import Foundation
import PixelCore

/// CISmoothLinearGradient: the linear gradient's parameter t (projection onto
/// point0 → point1, clamped to 0…1) shaped by the smoothstep curve t²(3 − 2t), so the
/// blend starts and ends with zero slope. Lua: `CISmoothLinearGradient{point1 = Vector(0, 480)}`
public enum SmoothLinearGradient {
    public static let descriptor = FilterDescriptor(
        .gradient, "CISmoothLinearGradient", "Smooth Linear Gradient",
        "A linear gradient between two points that blends along an S-shaped (smoothstep) curve.",
        inputs: GradientAxis.inputs
    ) { f in
        try GradientAxis(f).image { t in t * t * (3 - 2 * t) }
    }
}
