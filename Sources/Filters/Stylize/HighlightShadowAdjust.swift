import Foundation
import PixelCore

/// CIHighlightShadowAdjust: local tone mapping. Model (no public formula): a base
/// lightness p = √Y of the Rec. 709 luma Y of straight linear colour — of a Gaussian blur
/// of standard deviation `inputRadius` (unpremultiplied), or of the pixel itself when the
/// radius is 0 (a global curve) — sets an exposure gain
///   g = 2^(2·s·(1 − p)² − 2·(1 − h)·p²),
/// s = `inputShadowAmount` (−1…1: up to ±2 stops in the deepest shadows) and
/// h = `inputHighlightAmount` (1 keeps highlights, 0 pulls the brightest down 2 stops).
/// Colour is multiplied by g, so black stays black and local detail (colour ÷ base)
/// survives; with a radius the gain follows the neighbourhood, not single pixels. Alpha is
/// unchanged and the extent is the input's.
/// Lua: `img | CIHighlightShadowAdjust{shadowAmount = 0.5, highlightAmount = 0.7, radius = 4}`
public enum HighlightShadowAdjust {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIHighlightShadowAdjust", "Highlight and Shadow Adjust",
        "Lifts or deepens shadows and pulls down highlights while keeping local detail.",
        inputs: [
            .image(),
            .number(
                "inputRadius", 0, min: 0, slider: 0...10, identity: 0,
                "Standard deviation of the neighbourhood that sets the local lightness, in pixels (0: the pixel itself)."),
            .number(
                "inputShadowAmount", 0, in: -1...1, slider: -1...1, identity: 0,
                "Brightens (positive) or darkens (negative) the shadows."),
            .number("inputHighlightAmount", 1, in: 0...1, slider: 0.3...1, identity: 1, "Below 1 darkens the highlights."),
        ]
    ) { f in
        let image = try f.image()
        let radius = f.number("inputRadius")
        let s = Float(f.number("inputShadowAmount")), h = Float(f.number("inputHighlightAmount"))
        if s == 0, h == 1 { return image }
        if radius < 0.01 {
            return image.mapped { p in apply(p, base: p, shadows: s, highlights: h) }
        }
        return image.zipped(with: image.gaussianBlurred(sigma: radius), preservesAlpha: true) { p, b in
            apply(p, base: b, shadows: s, highlights: h)
        }
    }

    /// The gain for base lightness `p` (0…1).
    @inline(__always) static func gain(_ p: Float, shadows s: Float, highlights h: Float) -> Float {
        let d = 1 - p
        return exp2(2 * s * d * d - 2 * (1 - h) * p * p)
    }

    @inline(__always) static func apply(_ p: Pixel, base b: Pixel, shadows s: Float, highlights h: Float) -> Pixel {
        guard p.w > 0 else { return p }
        let y = b.w > 0 ? (b * ColorControls.luma).sum() / b.w : 0
        let g = gain(min(max(y, 0), 1).squareRoot(), shadows: s, highlights: h)
        return Pixel(p.x * g, p.y * g, p.z * g, p.w)
    }
}
