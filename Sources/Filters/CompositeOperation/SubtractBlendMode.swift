import Foundation
import PixelCore

/// CISubtractBlendMode: B(cb, cs) = cb − cs (Core Image's runtime description: the
/// foreground taken from the background; not clamped: the working space is extended
/// range); straight colours, composited as `BlendMode` documents; extent: union of the
/// inputs. Lua: `fg | CISubtractBlendMode{backgroundImage = bg}`
public enum SubtractBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cb - cs
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CISubtractBlendMode", "Subtract Blend Mode", extent: .union,
        "'Subtract' blend: subtracts the foreground from the background; black leaves it unchanged.")
}
