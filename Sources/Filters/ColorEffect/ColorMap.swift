import Foundation
import PixelCore

/// CIColorMap: recolours the image through a gradient image. Lunette's model (Apple gives
/// none): the middle row of `inputGradientImage`'s (finite) extent is read once when the
/// filter is built; each pixel's perceptual luminance t = encode(Y) (Rec. 709 Y of the
/// straight linear colour, sRGB-encoded, clamped to 0…1) picks a position from the first
/// pixel centre (t = 0) to the last (t = 1), interpolated linearly between neighbours; the
/// gradient colour (premultiplied) is scaled by the pixel's alpha.
/// Lua: `img | CIColorMap{gradientImage = ramp}` (e.g. a 256×1 image)
public enum ColorMap {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorMap", "Color Map",
        "Recolours the image by looking up each pixel's luminance along a gradient image, left (black) to right (white).",
        inputs: [
            .image(),
            InputSpec(
                "inputGradientImage", "Gradient Image", class: .image, type: "CIAttributeTypeGradient",
                description: "The lookup table: its middle row, left to right, gives the colours for dark to light."),
        ]
    ) { f in
        let image = try f.image()
        let table = try row(of: try f.image("inputGradientImage"), key: "\(f.filter).inputGradientImage")
        let last = Float(table.count - 1)
        return image.mapped(preservesAlpha: false) { p in
            guard p.w > 0 else { return .zero }
            var t = ColorMath.encode((ColorMath.rgb(p) * ColorMath.luma).sum())
            if !(t > 0) { t = 0 }
            let s = min(t, 1) * last
            let i = min(Int(s), table.count - 1), j = min(i + 1, table.count - 1)
            let u = s - Float(i)
            return (table[i] + (table[j] - table[i]) * u) * p.w
        }
    }

    /// The middle pixel row of a gradient image.
    static func row(of gradient: Image, key: String) throws -> [Pixel] {
        let e = gradient.extent
        if e.isEmpty { throw LunetteError.invalid("\(key): the gradient image is empty") }
        if e.isInfinite {
            throw LunetteError.invalid("\(key): the gradient image has an infinite extent; crop it (e.g. to Rect(0, 0, 256, 1))")
        }
        let r = IRect(covering: e)
        let line = IRect(r.x, r.y + r.height / 2, r.width, 1)
        let buf = try Context(threads: 1).render(gradient, rect: line)
        return (0..<line.width).map { buf.pixels[$0] }
    }
}
