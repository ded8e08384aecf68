import Foundation
import PixelCore

/// CIHueSaturationValueGradient: a colour wheel of `inputRadius` centred at the origin. At
/// angle θ (radians counter-clockwise from +x) and distance d the colour is HSV(hue θ/2π,
/// saturation d/radius, value `inputValue`) in `inputColorSpace` (sRGB by default: the HSV
/// triple is sRGB-encoded; "linearSRGB" takes it as linear). The disc's edge fades over
/// `inputSoftness` pixels (0: a hard edge); `inputDither` adds CIRandomGenerator's noise of
/// ±dither/2 levels of 8 bits to the encoded colour. Extent: the disc's bounding square.
/// Lua: `CIHueSaturationValueGradient{radius = 100, value = 0.9}`
public enum HueSaturationValueGradient {
    public static let descriptor = FilterDescriptor(
        .gradient, "CIHueSaturationValueGradient", "Hue/Saturation/Value Gradient",
        "A colour wheel around the origin: hue varies with the angle, saturation with the distance from the centre, at brightness value.",
        inputs: [
            .number("inputValue", 1, min: 0, slider: 0...1, "The HSV value (brightness) of the wheel."),
            .number(.radius, 300, min: 0, slider: 0...800, "The wheel's radius: saturation 1 at it."),
            .number(
                "inputSoftness", 1, min: 0, slider: 0...1,
                "Width in pixels over which the wheel's edge fades out (0: a hard edge)."),
            .number("inputDither", 1, min: 0, slider: 0...3, "Noise added against banding, in 8-bit levels (0: none)."),
            InputSpec(
                "inputColorSpace", "Color Space", class: .object,
                description: "The space of the HSV colours by name: \"sRGB\" (default) or \"linearSRGB\"."),
        ]
    ) { f in
        let radius = f.number("inputRadius"), value = f.number("inputValue")
        let softness = f.number("inputSoftness"), dither = Float(f.number("inputDither") / 255)
        let encoded: Bool
        if case .string? = f["inputColorSpace"] {
            encoded = try ColorCubeWithColorSpace.parse(f["inputColorSpace"], key: "\(f.filter).inputColorSpace") == .srgb
        } else {
            encoded = true
        }
        guard radius > 0 else { return Image(GeneratorNode(extent: .null) { _, _ in .zero }) }
        return Image(
            GeneratorNode(extent: Rect(-radius, -radius, 2 * radius, 2 * radius)) { x, y in
                let d = (x * x + y * y).squareRoot()
                let alpha = softness > 0 ? min(max((radius - d) / softness + 0.5, 0), 1) : (d <= radius ? 1 : 0)
                guard alpha > 0 else { return .zero }
                var hue = atan2(y, x) / (2 * Double.pi)
                if hue < 0 { hue += 1 }
                var c = SIMD3<Float>(hsv(hue, min(d / radius, 1), value))
                if dither > 0 {
                    let n = RandomGenerator.values(Int64(x.rounded(.down)), Int64(y.rounded(.down)))
                    c += (SIMD3(n.x, n.y, n.z) - 0.5) * dither
                }
                return ColorMath.pixel(encoded ? ColorMath.decode(c) : c, Float(alpha))
            })
    }

    /// HSV (hue in turns) to RGB, the hexcone model of Smith (1978).
    static func hsv(_ h: Double, _ s: Double, _ v: Double) -> SIMD3<Double> {
        let k = SIMD3<Double>(5, 3, 1) + h * 6
        let m = SIMD3<Double>(
            k.x.truncatingRemainder(dividingBy: 6), k.y.truncatingRemainder(dividingBy: 6), k.z.truncatingRemainder(dividingBy: 6)
        )
        let t = SIMD3<Double>(min(m.x, 4 - m.x), min(m.y, 4 - m.y), min(m.z, 4 - m.z))
        let clamped = SIMD3<Double>(max(0, min(t.x, 1)), max(0, min(t.y, 1)), max(0, min(t.z, 1)))
        return v - v * s * clamped
    }
}
