import Foundation
import PixelCore

/// CILuminosityBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(Cb, Lum(Cs)) with the PDF
/// helpers in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CILuminosityBlendMode{backgroundImage = bg}`
public enum LuminosityBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            NonSeparable.setLum(cb, NonSeparable.lum(cs))
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CILuminosityBlendMode", "Luminosity Blend Mode", extent: .union,
        "PDF 'Luminosity' blend: takes luminance from the foreground and hue plus saturation from the background (the inverse of Color blend)."
    )
}
