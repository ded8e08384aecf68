import Foundation
import PixelCore

/// CIHueAdjust. Apple only says the colour cube is rotated around its neutral axis; Lunette
/// rotates linear RGB by `inputAngle` radians about the gray axis (1, 1, 1) (Rodrigues'
/// formula), so grays stay put and +2π/3 turns red into green. Lua: `img | CIHueAdjust{angle = 0.5}`
public enum HueAdjust {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIHueAdjust", "Hue Adjust",
        "Shifts every hue by an angle: RGB is rotated around the neutral gray axis.",
        inputs: [.image(), .number(.angle, 0, slider: -Double.pi...Double.pi, identity: 0, "Rotation of the hue in radians.")]
    ) { f in
        let image = try f.image()
        let angle = f.number("inputAngle")
        if angle == 0 { return image }
        return ColorMath.matrixImage(image, matrix(angle))
    }

    /// The rotation by `angle` about the unit gray axis, row-major.
    static func matrix(_ angle: Double) -> ColorMath.Matrix {
        let c = cos(angle), s = sin(angle) / 3.0.squareRoot(), t = (1 - c) / 3
        return [SIMD3(c + t, t - s, t + s), SIMD3(t + s, c + t, t - s), SIMD3(t - s, t + s, c + t)]
    }
}
