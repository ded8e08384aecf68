import Foundation
import PixelCore

/// CILinearBurnBlendMode: B(cb, cs) = cb + cs − 1 (Core Image's documented formula; Adobe's
/// linear burn, not clamped below: the working space is extended range); straight colours,
/// composited as `BlendMode` documents; extent: union of the inputs.
/// Lua: `fg | CILinearBurnBlendMode{backgroundImage = bg}`
public enum LinearBurnBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cb + cs - 1
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CILinearBurnBlendMode", "Linear Burn Blend Mode", extent: .union,
        "'Linear Burn' blend: darkens the background by the foreground's darkness (their sum minus one); white leaves it unchanged."
    )
}
