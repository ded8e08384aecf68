import Foundation
import PixelCore

/// CIColorControls: saturation, then brightness, then contrast on straight linear colour
/// (gray = Rec. 709 luma of the linear primaries; contrast pivots on 0.5).
/// Lua: `img | CIColorControls{saturation = 1.2, contrast = 1.1}`
public enum ColorControls {
    public static let luma = Pixel(0.2126, 0.7152, 0.0722, 0)

    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorControls", "Color Controls",
        "Adjusts saturation, brightness and contrast: saturation mixes with a gray copy, brightness adds an offset, contrast scales around mid-gray.",
        inputs: [
            .image(),
            .number(
                "inputSaturation", 1, min: 0, slider: 0...2, identity: 1,
                "Amount of colour: 0 is gray, 1 unchanged, above 1 more saturated."),
            .number("inputBrightness", 0, min: -1, slider: -1...1, identity: 0, "Offset added to every colour channel."),
            .number("inputContrast", 1, min: 0, slider: 0.25...4, identity: 1, "Scale of the distance from mid-gray."),
        ]
    ) { f in
        let image = try f.image()
        let s = Float(f.number("inputSaturation")), b = Float(f.number("inputBrightness"))
        let c = Float(f.number("inputContrast"))
        if s == 1, b == 0, c == 1 { return image }
        return Image(PointNode([image], Kernel(saturation: s, brightness: b, contrast: c)))
    }

    /// The kernel over a block of pixels. On straight colour the filter is affine,
    /// c·s·rgb + c·(1 − s)·gray + c·(b − ½) + ½, so opaque pixels (no divide by alpha 1) go
    /// through one 3×3 matrix and offset, lane by lane; others through `apply`.
    struct Kernel: PointKernel {
        let saturation: Float, brightness: Float, contrast: Float
        let affine: AffineRGB
        init(saturation s: Float, brightness b: Float, contrast c: Float) {
            saturation = s; brightness = b; contrast = c
            let g = c * (1 - s), d = c * s
            let luma = ColorControls.luma, gray = SIMD4<Float>(1, 1, 1, 0)
            let o = c * (b - 0.5) + 0.5
            affine = AffineRGB(
                SIMD4(d, 0, 0, 0) + g * luma.x * gray, SIMD4(0, d, 0, 0) + g * luma.y * gray,
                SIMD4(0, 0, d, 0) + g * luma.z * gray, offset: SIMD4(o, o, o, 1))
        }
        var preservesAlpha: Bool { true }
        var opaqueStep: OpaqueStep? { .affine(affine) }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            let s = saturation, b = brightness, c = contrast
            affine.apply(dst, count) { ColorControls.apply($0, saturation: s, brightness: b, contrast: c) }
        }
    }

    @inline(__always) static func apply(_ p: Pixel, saturation s: Float, brightness b: Float, contrast c: Float) -> Pixel {
        guard p.w > 0 else { return p }
        var u = p.unpremultiplied
        let gray = (u * luma).sum()
        var rgb = SIMD3(u.x, u.y, u.z)
        rgb = gray + (rgb - gray) * s
        rgb += b
        rgb = (rgb - 0.5) * c + 0.5
        u = Pixel(rgb.x, rgb.y, rgb.z, u.w)
        return u.premultiplied
    }
}
