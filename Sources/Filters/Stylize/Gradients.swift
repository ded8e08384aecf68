import Foundation
import PixelCore

/// What the edge filters share: luma, and antisymmetric gradient kernels.
enum Gradients {
    /// Rec. 709 luma of the premultiplied linear pixels (perceptual: of their sRGB encoding),
    /// in every colour channel, opaque.
    static func luma(_ image: Image, perceptual: Bool = false) -> Image {
        image.mapped(preservesAlpha: false) { p in
            var y = 0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z
            if perceptual { y = Float(Transfer.linearToSRGB(Double(y))) }
            return Pixel(y, y, y, 1)
        }
    }

    /// The weights of the horizontal gradient (x to the right), for offsets −r…r, row-major
    /// from dy = −r; the vertical one is the same turned a quarter (y up).
    struct Kernel: Sendable {
        let radius: Int
        let weights: [Float]
        func at(_ dx: Int, _ dy: Int) -> Float { weights[(dy + radius) * (2 * radius + 1) + dx + radius] }

        /// Sobel's [1 2 1]ᵀ[−1 0 1], divided by 4 so a unit step reads 1.
        static let sobel = Kernel(radius: 1, weights: [-1, 0, 1, -2, 0, 2, -1, 0, 1].map { $0 / 4 })

        /// A 5×5 odd Gabor: exp(−(x² + y²)/(2σ²))·sin(πx/4) with σ = 3/4, scaled so its positive
        /// weights sum to 1 (a unit step reads 1).
        static let gabor: Kernel = {
            var w: [Double] = []
            for dy in -2...2 {
                for dx in -2...2 {
                    w.append(exp(-Double(dx * dx + dy * dy) / (2 * 0.5625)) * sin(Double.pi * Double(dx) / 4))
                }
            }
            let positive = w.filter { $0 > 0 }.reduce(0, +)
            return Kernel(radius: 2, weights: w.map { Float($0 / positive) })
        }()
    }

    /// (gx, gy, 0, 1) of the colour channel whose gradient is strongest there (largest
    /// gx² + gy², the first on ties); edges read the nearest pixel inside a finite extent,
    /// and the result keeps that extent. A grey image gives its luma's gradient.
    static func gradients(_ image: Image, _ k: Kernel) -> Image {
        let r = k.radius
        let e = image.extent
        let src = e.isInfinite ? image : image.clampedToExtent()
        let node = AreaNode(src, haloX: r, haloY: r, preservesOpacity: true, inPlace: true) { src, dst in
            let out = dst.rect
            for y in 0..<out.height {
                let d = dst.row(y)
                for x in 0..<out.width {
                    var gx = SIMD4<Float>.zero, gy = SIMD4<Float>.zero
                    for dy in -r...r {
                        let row = src.row(out.y + y + dy - src.rect.y) + (out.x + x - src.rect.x)
                        for dx in -r...r {
                            let v = row[dx]
                            gx += k.at(dx, dy) * v
                            gy += k.at(dy, dx) * v  // the kernel turned: along y, y up
                        }
                    }
                    let m = gx * gx + gy * gy
                    let c = m.x >= m.y ? (m.x >= m.z ? 0 : 2) : (m.y >= m.z ? 1 : 2)
                    d[x] = Pixel(gx[c], gy[c], 0, 1)
                }
            }
        }
        let out = Image(node)
        return e.isInfinite ? out : out.cropped(to: e)
    }
}
