import Foundation
import PixelCore

/// Shared by CIVignette and CIVignetteEffect: a generator gives the shading s ∈ [0, 1] of each
/// position (in its red channel), and a two-input point kernel applies it, so the vignette
/// fuses with neighbouring point filters. intensity ≥ 0 darkens, rgb' = rgb·(1 − intensity·s);
/// intensity < 0 lightens toward white, rgb' = rgb + (α − rgb)·(−intensity·s). Alpha is kept.
struct VignetteKernel: PointKernel {
    let intensity: Float
    var preservesAlpha: Bool { true }

    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let shade = others[0]
        if intensity >= 0 {
            for i in 0..<count {
                let k = 1 - intensity * shade[i].x
                dst[i] = Pixel(dst[i].x * k, dst[i].y * k, dst[i].z * k, dst[i].w)
            }
        } else {
            for i in 0..<count {
                let k = -intensity * shade[i].x, p = dst[i]
                dst[i] = Pixel(p.x + (p.w - p.x) * k, p.y + (p.w - p.y) * k, p.z + (p.w - p.z) * k, p.w)
            }
        }
    }

    /// `image` shaded by `shading(x, y)` (pixel centres, Core Image coordinates).
    static func shade(
        _ image: Image, intensity: Double,
        _ shading: @escaping @Sendable (Double, Double) -> Double
    ) -> Image {
        let field = Image(
            GeneratorNode(extent: image.extent) { x, y in
                let s = Float(shading(x, y))
                return Pixel(s, s, s, 1)
            })
        return Image(PointNode([image, field], VignetteKernel(intensity: Float(intensity)), extent: image.extent))
    }
}
