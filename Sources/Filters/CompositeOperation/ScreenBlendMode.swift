import Foundation
import PixelCore

/// CIScreenBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = cb + cs − cb·cs; straight colours, composited as
/// `BlendMode` documents; extent: union of the inputs. Lua: `fg | CIScreenBlendMode{backgroundImage = bg}`
public enum ScreenBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            cb + cs - cb * cs
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIScreenBlendMode", "Screen Blend Mode", extent: .union,
        "PDF 'Screen' blend: multiplies the inverses of both images and inverts the result, so the output is at least as light as either input."
    )
}
