import Foundation
import PixelCore

/// CIVibrance. No formula is published; Lunette's model works on straight linear colour c
/// with luminance Y (Rec. 709) and perceptual saturation s = (√max − √min)/√max (HSV saturation
/// of the gamma-2 encoded colour, close to what the eye judges), scaling the chroma
/// around Y: c' = Y + (c − Y)·k. For amount a ≥ 0, k = 1 + a·(1 − s)·(1 − skin/2), so muted
/// colours gain most, and k is capped so that no channel leaves 0…1 that was inside it; for
/// a < 0, k = 1 + a·(0.5 + 0.5·s)·(1 − skin/2), muting vivid colours most. skin ∈ [0, 1] is a
/// tent over the orange hues (R ≥ G ≥ B, (G − B)/(R − B) = 0…0.7, peak 0.35) where skin tones
/// lie, so faces keep about half the change. Lua: `img | CIVibrance{amount = 0.6}`
public enum Vibrance {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIVibrance", "Vibrance",
        "Saturation adjustment that favours muted colours and protects skin tones; negative amounts mute colours.",
        inputs: [
            .image(),
            .number(
                "inputAmount", 0, in: -1...1, slider: -1...1, identity: 0,
                "Strength: positive boosts muted colours, negative mutes vivid ones."),
        ]
    ) { f in
        let image = try f.image()
        let amount = Float(f.number("inputAmount"))
        if amount == 0 { return image }
        return image.mapped { p in
            guard p.w > 0 else { return p }
            return ColorMath.pixel(apply(ColorMath.rgb(p), amount), p.w)
        }
    }

    @inline(__always) static func apply(_ c: SIMD3<Float>, _ amount: Float) -> SIMD3<Float> {
        let y = (c * ColorMath.luma).sum()
        let hi = c.max(), lo = c.min()
        guard hi > lo else { return c }
        let sat = hi > 0 ? min(max(1 - max(lo, 0).squareRoot() / hi.squareRoot(), 0), 1) : 0
        var skin: Float = 0
        if c.x >= c.y && c.y >= c.z {
            let h = (c.y - c.z) / (c.x - c.z)
            skin = max(0, 1 - abs(h - 0.35) / 0.35)
        }
        let protect = 1 - 0.5 * skin
        var k: Float
        if amount >= 0 {
            k = 1 + amount * (1 - sat) * protect
            // Keep in-gamut colours in gamut: the lowest channel stays ≥ 0, the highest ≤ 1.
            if lo >= 0 && lo < y { k = min(k, max(1, y / (y - lo))) }
            if hi <= 1 && hi > y { k = min(k, max(1, (1 - y) / (hi - y))) }
        } else {
            k = 1 + amount * (0.5 + 0.5 * sat) * protect
        }
        return y + (c - y) * k
    }
}
