import Foundation
import PixelCore

/// CIOverlayBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = HardLight(cs, cb): 2·cs·cb where cb ≤ ½, else 1
/// − 2·(1 − cs)·(1 − cb); straight colours, composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CIOverlayBlendMode{backgroundImage = bg}`
public enum OverlayBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let multiply = 2 * cs * cb, screen = 1 - 2 * (1 - cs) * (1 - cb)
            return screen.replacing(with: multiply, where: cb .<= 0.5)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CIOverlayBlendMode", "Overlay Blend Mode", extent: .union,
        "PDF 'Overlay' blend: multiplies or screens depending on the background, preserving the background's highlights and shadows."
    )
}
