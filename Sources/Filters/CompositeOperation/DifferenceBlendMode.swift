import Foundation
import PixelCore

/// CIDifferenceBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = |cb − cs|; straight colours, composited as
/// `BlendMode` documents; extent: union of the inputs. Lua: `fg | CIDifferenceBlendMode{backgroundImage = bg}`
public enum DifferenceBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            pointwiseMax(cb - cs, cs - cb)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIDifferenceBlendMode", "Difference Blend Mode", extent: .union,
        "PDF 'Difference' blend: absolute difference of foreground and background (black foreground = no change, white inverts the background)."
    )
}
