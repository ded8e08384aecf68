import Foundation
import PixelCore

/// CIFalseColor. No formula is published; Lunette maps each pixel's perceptual luminance
/// t = encode(Y) (Rec. 709 Y of the straight linear colour, sRGB-encoded, clamped to 0…1)
/// onto the ramp from `inputColor0` to `inputColor1`, interpolated in sRGB-encoded RGBA as
/// the colours are given; the result's alpha is the ramp alpha times the pixel's. So a gray
/// with 8-bit value v lands at v/255 of the ramp. Lua: `img | CIFalseColor{color0 = Color(0, 0, 0.3), color1 = Color(1, 1, 0)}`
public enum FalseColor {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIFalseColor", "False Color",
        "Maps each pixel's luminance onto a two-colour ramp from the first colour to the second.",
        inputs: [
            .image(), .color(.color0, default: Color(0.3, 0, 0, 1), "The colour of black."),
            .color(.color1, default: Color(1, 0.9, 0.8, 1), "The colour of white."),
        ]
    ) { f in
        let image = try f.image()
        func v(_ c: Color) -> Pixel { Pixel(Float(c.r), Float(c.g), Float(c.b), Float(min(max(c.a, 0), 1))) }
        let c0 = v(f.color("inputColor0")), c1 = v(f.color("inputColor1"))
        let opaque = c0.w == 1 && c1.w == 1
        return image.mapped(preservesAlpha: opaque) { p in
            guard p.w > 0 else { return p }
            let t = min(max(ColorMath.encode((ColorMath.rgb(p) * ColorMath.luma).sum()), 0), 1)
            let m = c0 + (c1 - c0) * t
            return ColorMath.pixel(ColorMath.decode(SIMD3(m.x, m.y, m.z)), m.w * p.w)
        }
    }
}
