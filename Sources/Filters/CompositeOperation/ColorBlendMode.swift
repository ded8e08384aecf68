import Foundation
import PixelCore

/// CIColorBlendMode: PDF (ISO 32000-1 §11.3.5) blend, non-separable, B = SetLum(Cs, Lum(Cb)) with the PDF helpers
/// in `NonSeparable`; straight colours, composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIColorBlendMode{backgroundImage = bg}`
public enum ColorBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            NonSeparable.setLum(cs, NonSeparable.lum(cb))
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIColorBlendMode", "Color Blend Mode", extent: .union,
        "PDF 'Color' blend: takes hue and saturation from the foreground image and luminance from the background.")
}
