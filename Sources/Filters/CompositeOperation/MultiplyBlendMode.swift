import Foundation
import PixelCore

/// CIMultiplyBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = cb·cs; straight colours, composited as
/// `BlendMode` documents; extent: union of the inputs. Lua: `fg | CIMultiplyBlendMode{backgroundImage = bg}`
public enum MultiplyBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cs * cb
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIMultiplyBlendMode", "Multiply Blend Mode", extent: .union,
        "PDF 'Multiply' blend: multiplies foreground and background colors, so the result is at least as dark as either.")
}
