import Foundation

/// Neighbourhood kernels over pixel buffers (correlation: weight i reads offset i − radius).
public enum Convolution {
    /// A normalised 1D Gaussian of standard deviation `sigma`, reaching 3.5σ each side.
    public static func gaussianWeights(sigma: Double) -> [Float] {
        let r = Int((3.5 * sigma).rounded(.up))
        let w = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        return w.map { Float($0 / sum) }
    }

    /// Convolves `src` separably with `kx` horizontally and `ky` vertically into `dst`
    /// (`src` must cover `dst` grown by the kernels' radii).
    public static func separable(_ src: PixelBuffer, _ dst: PixelBuffer, _ kx: [Float], _ ky: [Float]) {
        let rx = kx.count / 2, ry = ky.count / 2
        let w = dst.width
        let rows = dst.height + 2 * ry
        let tmp = UnsafeMutablePointer<Pixel>.allocate(capacity: w * rows)
        defer { tmp.deallocate() }
        kx.withUnsafeBufferPointer { k in
            for ly in 0..<rows {
                let s = src.row(dst.rect.y - ry + ly - src.rect.y) + (dst.rect.x - rx - src.rect.x)
                let t = tmp + ly * w
                for x in 0..<w {
                    var acc = Pixel.zero
                    let p = s + x
                    for i in 0..<k.count { acc += p[i] * k[i] }
                    t[x] = acc
                }
            }
        }
        ky.withUnsafeBufferPointer { k in
            for ly in 0..<dst.height {
                let d = dst.row(ly)
                d.update(repeating: .zero, count: w)
                for i in 0..<k.count {
                    let t = tmp + (ly + i) * w
                    let wi = k[i]
                    for x in 0..<w { d[x] += t[x] * wi }
                }
            }
        }
    }

    /// A 3×3 correlation in Core Image weight order: row-major from the top row
    /// (weight 0 reads the pixel at (x−1, y+1)), plus `bias`, clamped to [0, 1].
    public static func convolve3x3(_ src: PixelBuffer, _ dst: PixelBuffer, _ weights: [Float], bias: Float) {
        for ly in 0..<dst.height {
            let y = dst.rect.y + ly
            let d = dst.row(ly)
            let rowsAbove = [src.row(y + 1 - src.rect.y), src.row(y - src.rect.y), src.row(y - 1 - src.rect.y)]
            for lx in 0..<dst.width {
                let sx = dst.rect.x + lx - 1 - src.rect.x
                var acc = Pixel(repeating: bias)
                for r in 0..<3 {
                    let s = rowsAbove[r] + sx
                    acc += s[0] * weights[r * 3] + s[1] * weights[r * 3 + 1] + s[2] * weights[r * 3 + 2]
                }
                d[lx] = simd_clamp01(acc)
            }
        }
    }

    @inline(__always) static func simd_clamp01(_ p: Pixel) -> Pixel {
        p.replacing(with: 0, where: p .< 0).replacing(with: 1, where: p .> 1)
    }
}
