import Foundation
import PixelCore

/// CILinearLightBlendMode: Adobe's linear light, B(cb, cs) = cb + 2·cs − 1 — linear burn by
/// 2·cs below mid grey, linear dodge by 2·cs − 1 above, unclamped like them; straight
/// colours, composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CILinearLightBlendMode{backgroundImage = bg}`
public enum LinearLightBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cb + 2 * cs - 1
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CILinearLightBlendMode", "Linear Light Blend Mode", extent: .union,
        "'Linear Light' blend: burns or dodges the background linearly by the foreground's distance from 50% gray.")
}
