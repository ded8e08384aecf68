import Foundation
import PixelCore

/// CISoftLightBlendMode: PDF (ISO 32000-1 §11.3.5) blend, B(cb, cs) = cb − (1 − 2·cs)·cb·(1 − cb) where cs ≤ ½,
/// else cb + (2·cs − 1)·(D(cb) − cb), with D(x) = ((16·x − 12)·x + 4)·x for x ≤ ¼, √x above; straight colours,
/// composited as `BlendMode` documents; extent: union of the inputs. Lua:
/// `fg | CISoftLightBlendMode{backgroundImage = bg}`
public enum SoftLightBlendMode {
    /// The blend function B(cb, cs) on straight colour.
    public struct Blend: BlendMode {
        @inlinable @inline(__always) public static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float> {
            let cubic = ((16 * cb - 12) * cb + 4) * cb
            let d = pointwiseMax(cb, SIMD3(repeating: 0)).squareRoot().replacing(with: cubic, where: cb .<= 0.25)
            let darker = cb - (1 - 2 * cs) * cb * (1 - cb), lighter = cb + (2 * cs - 1) * (d - cb)
            return lighter.replacing(with: darker, where: cs .<= 0.5)
        }
    }

    public static let descriptor = Composite.descriptor(
        Blend.self, "CISoftLightBlendMode", "Soft Light Blend Mode", extent: .union,
        "PDF 'Soft Light' blend: gently darkens or lightens the background depending on whether the foreground is below or above 50% gray, like a diffuse spotlight."
    )
}
