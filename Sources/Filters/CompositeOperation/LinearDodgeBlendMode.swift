import Foundation
import PixelCore

/// CILinearDodgeBlendMode: B(cb, cs) = cb + cs (Core Image's documented formula; Adobe's
/// linear dodge, not clamped above: the working space is extended range); straight
/// colours, composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CILinearDodgeBlendMode{backgroundImage = bg}`
public enum LinearDodgeBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cb + cs
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CILinearDodgeBlendMode", "Linear Dodge Blend Mode", extent: .union,
        "'Linear Dodge' blend: brightens the background by adding the foreground; black leaves it unchanged.")
}
