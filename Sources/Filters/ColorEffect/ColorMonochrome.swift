import Foundation
import PixelCore

/// CIColorMonochrome. No formula is published; Lunette's model keeps each pixel's linear
/// luminance Y and gives it the hue of `inputColor` (linear luminance Yc): a ramp from black
/// through the colour to white, m = Y ≤ Yc ? color·Y/Yc : color + (1 − color)·(Y − Yc)/(1 − Yc),
/// then mixes c + (m − c)·intensity on straight colour; alpha is kept.
/// Lua: `img | CIColorMonochrome{color = Color(0.6, 0.45, 0.3), intensity = 1}`
public enum ColorMonochrome {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorMonochrome", "Color Monochrome",
        "Tints the image into shades of one colour; intensity blends from the original (0) to fully monochrome (1).",
        inputs: [
            .image(),
            .opaqueColor(.color, default: Color(0.6, 0.45, 0.3, 1), "The tint colour."),
            .number(.intensity, 1, min: 0, slider: 0...1, identity: 0, "How much of the monochrome result to use."),
        ]
    ) { f in
        let image = try f.image()
        let k = Float(f.number("inputIntensity"))
        if k == 0 { return image }
        let lin = ColorMath.linear(f.color("inputColor"))
        let color = SIMD3<Float>(Float(lin.x), Float(lin.y), Float(lin.z))
        let yc = (color * ColorMath.luma).sum()
        return image.mapped { p in
            guard p.w > 0 else { return p }
            let c = ColorMath.rgb(p)
            let m = ramp((c * ColorMath.luma).sum(), color, yc)
            return ColorMath.pixel(c + (m - c) * k, p.w)
        }
    }

    /// Black → colour → white at luminance `y`, preserving luminance.
    @inline(__always) static func ramp(_ y: Float, _ color: SIMD3<Float>, _ yc: Float) -> SIMD3<Float> {
        if y <= yc { return yc > 0 ? color * (y / yc) : SIMD3(repeating: y) }
        return yc < 1 ? color + (1 - color) * ((y - yc) / (1 - yc)) : color * (y / yc)
    }
}
