import Foundation
import PixelCore

/// CIMotionBlur: five passes of three equal taps along the angle, at −s, 0 and +s, the
/// spacing growing 1.5× a pass from s₀ = 0.1635·radius (3.27, 4.9, 7.4, 11, 16.6 px at
/// radius 20: a bell of σ ≈ 18.8 cut at ±43). Each pass reads the previous one clamped to
/// its own extent (the input's grown by the passes so far, rounded out), and the output
/// spans the input grown by 6·radius along the line. Evidence, Apple's radius-20 render: the
/// alpha outside is not zero but the edge pixels of the first pass extended — 20/255 beside
/// the image (one tap of three, ⅓·(0.99·3.27 − 3)), 39/255 above it (⅓·0.141·3.27, two
/// rows reached), the input's edge colours carried out to the extent's border; the ramp
/// and these plateaus match to 1.7 levels mean. Each pass keeps 99.84 % (Apple's interior
/// alpha is 253/255). Lua: `img | CIMotionBlur{radius = 20, angle = 0}`
public enum MotionBlur {
    /// Spacing of the first pass per unit of radius, growth per pass, passes, tap weight.
    static let firstSpacing = 0.1635, growth = 1.5, passes = 5, tapWeight = 0.99843 / 3

    public static let descriptor = FilterDescriptor(
        .blur, "CIMotionBlur", "Motion Blur",
        usage: [.stillImage, .video, .builtIn],
        "Smears the image along an angle, like a camera moving during the exposure.",
        inputs: [
            .image(),
            .number(
                .radius, default: 20, min: 0,
                sliderMin: 0, sliderMax: 100, identity: 0, "Length of the smear, in pixels."),
            .number(
                .angle, default: 0,
                sliderMin: -Double.pi, sliderMax: Double.pi, identity: 0, "Direction of the motion, in radians."),
        ]
    ) { f in
        let image = try f.image(), r = f.number("inputRadius"), angle = f.number("inputAngle")
        guard r.isFinite, angle.isFinite else { throw LunetteError.invalid("CIMotionBlur: radius and angle must be finite") }
        guard r >= 0.1, !image.extent.isEmpty else { return image }
        return blurred(image, radius: min(r, 1000), angle: angle)
    }

    /// The passes; an infinite input stays infinite (no edges to clamp).
    static func blurred(_ image: Image, radius r: Double, angle: Double) -> Image {
        let ux = abs(cos(angle)), uy = abs(sin(angle))
        let infinite = image.extent.isInfinite
        var area = infinite ? IRect(0, 0, 0, 0) : IRect(covering: image.extent)
        var out = image
        for k in 0..<passes {
            let s = r * firstSpacing * pow(growth, Double(k))
            let taps = KernelShapes.line(offsets: [-s, 0, s], weights: [tapWeight, tapWeight, tapWeight], angle: angle)
            let src = k == 0 || infinite ? out : out.cropped(to: area.rect).clampedToExtent()
            area = area.grown(Int((s * ux).rounded(.up)), Int((s * uy).rounded(.up)))
            out = src.convolved(taps.weights, columns: 2 * taps.hx + 1, rows: 2 * taps.hy + 1, bias: 0)
            if !infinite && k < passes - 1 { out = out.cropped(to: area.rect) }
        }
        if infinite { return out }
        return out.cropped(to: IRect(covering: image.extent.insetBy(-6 * r * ux - 1, -6 * r * uy - 1)).rect)
    }
}
