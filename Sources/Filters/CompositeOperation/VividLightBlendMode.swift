import Foundation
import PixelCore

/// CIVividLightBlendMode: Adobe's vivid light — colour burn by 2·cs where cs ≤ ½, colour
/// dodge by 2·cs − 1 above, with the PDF's burn and dodge (`ColorBurnBlendMode`,
/// `ColorDodgeBlendMode`); straight colours, composited as `BlendMode` documents; extent:
/// union of the inputs. Lua: `fg | CIVividLightBlendMode{backgroundImage = bg}`
public enum VividLightBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let burned = ColorBurnBlendMode.Blend.blend(2 * cs, cb)
            let dodged = ColorDodgeBlendMode.Blend.blend(2 * cs - 1, cb)
            return dodged.replacing(with: burned, where: cs .<= 0.5)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIVividLightBlendMode", "Vivid Light Blend Mode", extent: .union,
        "'Vivid Light' blend: burns or dodges the background by increasing or decreasing contrast, depending on the foreground.")
}
