import Foundation
import PixelCore

/// CIHardLightBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = Multiply(cb, 2·cs) where cs ≤ ½, else
/// Screen(cb, 2·cs − 1); straight colours, composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIHardLightBlendMode{backgroundImage = bg}`
public enum HardLightBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let s2 = 2 * cs, t = s2 - 1
            let multiply = cb * s2, screen = cb + t - cb * t
            return screen.replacing(with: multiply, where: cs .<= 0.5)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIHardLightBlendMode", "Hard Light Blend Mode", extent: .union,
        "PDF 'Hard Light' blend: multiplies where the foreground is darker than 50% gray and screens where it is lighter, like a harsh spotlight."
    )
}
