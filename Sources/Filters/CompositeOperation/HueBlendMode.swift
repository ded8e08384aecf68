import Foundation
import PixelCore

/// CIHueBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb)) with
/// the PDF helpers in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of the
/// inputs. Lua: `fg | CIHueBlendMode{backgroundImage = bg}`
public enum HueBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            NonSeparable.setLum(NonSeparable.setSat(cs, NonSeparable.sat(cb)), NonSeparable.lum(cb))
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIHueBlendMode", "Hue Blend Mode", extent: .union,
        "PDF 'Hue' blend: takes hue from the foreground and saturation plus luminance from the background.")
}
