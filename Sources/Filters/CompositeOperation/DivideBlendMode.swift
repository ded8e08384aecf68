import Foundation
import PixelCore

/// CIDivideBlendMode: B(cb, cs) = cb / cs (the backdrop divided by the source, Photoshop's
/// and Core Image's operand order); a zero source gives 1 over a non-zero backdrop and 0
/// over a zero one; not clamped above (extended range). Straight colours, composited as
/// `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CIDivideBlendMode{backgroundImage = bg}`
public enum DivideBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let byZero = SIMD3<Float>(repeating: 0).replacing(with: 1, where: cb .> 0)
            return byZero.replacing(with: cb / cs, where: cs .> 0)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIDivideBlendMode", "Divide Blend Mode", extent: .union,
        "'Divide' blend: the background divided by the foreground; a white foreground leaves it unchanged.")
}
