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
        let rx = kx.count / 2, ry = ky.count / 2, n = ky.count
        let w = dst.width
        // Horizontal rows go round a ring of n rows; each output row is combined as soon
        // as its n rows are in (a small buffer that stays in cache). Rows sit one cache line
        // more than their width apart: at 256 pixels (4 KiB) apart, the n loads of a column
        // would all map to one L1 set and evict each other.
        let stride = w + 4
        let ring = UnsafeMutablePointer<Pixel>.allocate(capacity: max(1, stride * n))
        defer { ring.deallocate() }
        let fast = isSymmetric(kx) && isSymmetric(ky) && symmetricRadii.contains(rx) && symmetricRadii.contains(ry)
        kx.withUnsafeBufferPointer { hk in
            ky.withUnsafeBufferPointer { vk in
                withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: n) { rowsIn in
                    for r in 0..<(dst.height + 2 * ry) {
                        let s = src.row(dst.rect.y - ry + r - src.rect.y) + (dst.rect.x - rx - src.rect.x)
                        if fast {
                            symmetricRow(s, ring + (r % n) * stride, w, hk.baseAddress!, radius: rx)
                        } else {
                            horizontal(s, ring + (r % n) * stride, w, hk.baseAddress!, hk.count)
                        }
                        let ly = r - (n - 1)
                        if ly < 0 { continue }
                        for i in 0..<n { rowsIn[i] = UnsafePointer(ring + ((ly + i) % n) * stride) }
                        if fast {
                            symmetricColumn(rowsIn.baseAddress!, dst.row(ly), w, vk.baseAddress!, radius: ry)
                        } else {
                            vertical(rowsIn.baseAddress!, dst.row(ly), w, vk.baseAddress!, n)
                        }
                    }
                }
            }
        }
    }

    /// One row of a 1-D correlation: `out[x] = Σ k[i]·s[x + i]`; symmetric kernels are folded.
    @inline(__always)
    public static func horizontal(
        _ s: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>, _ w: Int,
        _ k: UnsafePointer<Float>, _ n: Int
    ) {
        let r = n / 2
        var symmetric = n % 2 == 1
        for i in 0..<r where k[i] != k[n - 1 - i] { symmetric = false }
        if symmetric {
            for x in 0..<w {
                let p = s + x
                var acc = p[r] * k[r]
                for i in 0..<r { acc += (p[i] + p[n - 1 - i]) * k[i] }
                out[x] = acc
            }
        } else {
            for x in 0..<w {
                let p = s + x
                var acc = Pixel.zero
                for i in 0..<n { acc += p[i] * k[i] }
                out[x] = acc
            }
        }
    }

    /// One row of a vertical correlation: `out[x] = Σ k[i]·rows[i][x]`.
    @inline(__always)
    public static func vertical(
        _ rows: UnsafePointer<UnsafePointer<Pixel>>, _ out: UnsafeMutablePointer<Pixel>,
        _ w: Int, _ k: UnsafePointer<Float>, _ n: Int
    ) {
        var x = 0
        while x + 4 <= w {
            var a0 = Pixel.zero, a1 = Pixel.zero, a2 = Pixel.zero, a3 = Pixel.zero
            for i in 0..<n {
                let p = rows[i] + x, wi = k[i]
                a0 += p[0] * wi; a1 += p[1] * wi; a2 += p[2] * wi; a3 += p[3] * wi
            }
            out[x] = a0; out[x + 1] = a1; out[x + 2] = a2; out[x + 3] = a3
            x += 4
        }
        while x < w {
            var a = Pixel.zero
            for i in 0..<n { a += rows[i][x] * k[i] }
            out[x] = a
            x += 1
        }
    }

    @inline(__always) static func simd_clamp01(_ p: Pixel) -> Pixel {
        p.replacing(with: 0, where: p .< 0).replacing(with: 1, where: p .> 1)
    }
}
