import Foundation
import PixelCore

/// CIPinLightBlendMode: Adobe's pin light, B(cb, cs) = min(cb, 2·cs) where cs ≤ ½, else
/// max(cb, 2·cs − 1) — darken by 2·cs below mid grey, lighten by 2·cs − 1 above; straight
/// colours, composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CIPinLightBlendMode{backgroundImage = bg}`
public enum PinLightBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let darker = pointwiseMin(cb, 2 * cs), lighter = pointwiseMax(cb, 2 * cs - 1)
            return lighter.replacing(with: darker, where: cs .<= 0.5)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIPinLightBlendMode", "Pin Light Blend Mode", extent: .union,
        "'Pin Light' blend: replaces background colours darker or lighter than the foreground, depending on whether it is below or above 50% gray."
    )
}
