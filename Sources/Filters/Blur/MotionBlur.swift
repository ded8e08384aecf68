import Foundation
import PixelCore

/// CIMotionBlur: a Gaussian along the angle whose standard deviation is the radius, cut
/// at 3σ, as Apple's render shows (its edge is an error function of σ ≈ radius along the
/// motion). One sample per pixel along the line, splatted bilinearly into a weight matrix
/// and correlated. The input is transparent outside its extent, which grows by the line.
/// Lua: `img | CIMotionBlur{radius = 20, angle = 0}`
public enum MotionBlur {
    public static let descriptor = FilterDescriptor(
        .blur, "CIMotionBlur", "Motion Blur",
        usage: [.stillImage, .video, .builtIn],
        "Smears the image along an angle, like a camera moving during the exposure.",
        inputs: [
            .image(),
            .number(
                .radius, default: 20, min: 0,
                sliderMin: 0, sliderMax: 100, identity: 0, "Spread of the smear (its standard deviation), in pixels."),
            .number(
                .angle, default: 0,
                sliderMin: -Double.pi, sliderMax: Double.pi, identity: 0, "Direction of the motion, in radians."),
        ]
    ) { f in
        let image = try f.image(), r = f.number("inputRadius"), angle = f.number("inputAngle")
        guard r.isFinite, angle.isFinite else { throw LunetteError.invalid("CIMotionBlur: radius and angle must be finite") }
        guard r >= 0.1 else { return image }
        let k = KernelShapes.line(sigma: min(r, 1000), angle: angle)
        return image.convolved(k.weights, columns: 2 * k.hx + 1, rows: 2 * k.hy + 1, bias: 0)
    }
}
