import Foundation
import PixelCore

/// CIColorBurnBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = 1 − min(1, (1 − cb) / cs) where cs > 0, else
/// 0 (ISO 32000-1 wording); straight colours, composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CIColorBurnBlendMode{backgroundImage = bg}`
public enum ColorBurnBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let burned = 1 - pointwiseMin((1 - cb) / cs, SIMD3(repeating: 1))
            return SIMD3(repeating: 0).replacing(with: burned, where: cs .> 0)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIColorBurnBlendMode", "Color Burn Blend Mode", extent: .union,
        "PDF 'Color Burn' blend: darkens the background according to the foreground; a white foreground leaves it unchanged.")
}
