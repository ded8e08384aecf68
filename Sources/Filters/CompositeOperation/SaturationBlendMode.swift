import Foundation
import PixelCore

/// CISaturationBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))
/// with the PDF helpers in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of
/// the inputs. Lua: `fg | CISaturationBlendMode{backgroundImage = bg}`
public enum SaturationBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            NonSeparable.setLum(NonSeparable.setSat(cb, NonSeparable.sat(cs)), NonSeparable.lum(cb))
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CISaturationBlendMode", "Saturation Blend Mode", extent: .union,
        "PDF 'Saturation' blend: takes saturation from the foreground and hue plus luminance from the background.")
}
