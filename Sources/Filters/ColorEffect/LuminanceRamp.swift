import Foundation
import PixelCore

/// The shape CIThermal and CIXRay share: each pixel's perceptual luminance t = encode(Y)
/// (Rec. 709 Y of the straight linear colour, sRGB-encoded and clamped to 0…1, as
/// CIFalseColor reads it) picks a colour on a ramp of evenly spaced sRGB-encoded stops,
/// interpolated linearly between neighbours and decoded to linear light; alpha kept.
/// Lua: `img | CIThermal{}`
struct LuminanceRamp: Sendable {
    let stops: [SIMD3<Float>]

    /// The ramp's colour (linear light) at t in 0…1.
    @inline(__always) func colour(_ t: Float) -> SIMD3<Float> {
        let x = min(max(t, 0), 1) * Float(stops.count - 1)
        let i = min(Int(x), stops.count - 2), u = x - Float(i)
        return ColorMath.decode(stops[i] + (stops[i + 1] - stops[i]) * u)
    }

    func image(_ input: Image) -> Image {
        input.mapped(preservesAlpha: true) { p in
            guard p.w > 0 else { return p }
            return ColorMath.pixel(colour(ColorMath.encode((ColorMath.rgb(p) * ColorMath.luma).sum())), p.w)
        }
    }
}
