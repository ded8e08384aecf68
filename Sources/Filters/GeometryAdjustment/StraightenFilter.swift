import Foundation
import PixelCore

/// CIStraightenFilter: rotates the image by `inputAngle` radians about the centre of its
/// extent and scales it up just enough that the rotated image covers the whole original
/// extent (no transparent corners), as Core Image does; the output keeps the input's
/// extent. For a w×h extent the scale is |cos θ| + max(w/h, h/w)·|sin θ|, the smallest
/// that keeps the original rectangle, rotated back by −θ, inside the scaled image.
/// Sampling is bilinear with the edge pixels extended (clamp), so border pixels never
/// mix with transparency. An infinite image is only rotated about the origin.
/// Lua: `img | CIStraightenFilter{angle = 0.1}`
public enum StraightenFilter {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIStraightenFilter", "Straighten",
        "Rotates the image and enlarges it so the result still fills the original rectangle.",
        inputs: [
            .image(), .number(.angle, 0, slider: -Double.pi...Double.pi, identity: 0, "Rotation in radians, counter-clockwise."),
        ]
    ) { f in
        let image = try f.image()
        let angle = f.number("inputAngle")
        if angle == 0 { return image }
        let e = image.extent
        if e.isInfinite || e.isEmpty { return image.transformed(by: .rotation(angle)) }
        return image.clampedToExtent().transformed(by: transform(angle, e)).cropped(to: e)
    }

    /// Rotation by `angle` about the centre of `e`, scaled to cover `e`.
    static func transform(_ angle: Double, _ e: Rect) -> Transform {
        let s = scale(angle, width: e.width, height: e.height)
        let cx = e.x + e.width / 2, cy = e.y + e.height / 2
        return Transform.translation(-cx, -cy)
            .concatenating(Transform.rotation(angle))
            .concatenating(.scale(s, s))
            .concatenating(.translation(cx, cy))
    }

    static func scale(_ angle: Double, width w: Double, height h: Double) -> Double {
        abs(cos(angle)) + max(w / h, h / w) * abs(sin(angle))
    }
}
