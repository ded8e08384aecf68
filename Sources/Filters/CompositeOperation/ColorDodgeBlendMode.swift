import Foundation
import PixelCore

/// CIColorDodgeBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = min(1, cb / (1 − cs)) where cs < 1, else 1
/// (ISO 32000-1 wording); straight colours, composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIColorDodgeBlendMode{backgroundImage = bg}`
public enum ColorDodgeBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let dodged = pointwiseMin(cb / (1 - cs), SIMD3(repeating: 1))
            return SIMD3(repeating: 1).replacing(with: dodged, where: cs .< 1)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIColorDodgeBlendMode", "Color Dodge Blend Mode", extent: .union,
        "PDF 'Color Dodge' blend: brightens the background according to the foreground; a black foreground leaves it unchanged.")
}
