import Foundation
import PixelCore

/// CIExclusionBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = cb + cs − 2·cb·cs; straight colours,
/// composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIExclusionBlendMode{backgroundImage = bg}`
public enum ExclusionBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cb + cs - 2 * cb * cs
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIExclusionBlendMode", "Exclusion Blend Mode", extent: .union,
        "PDF 'Exclusion' blend: like Difference but with lower contrast (black foreground = no change, white inverts the background)."
    )
}
