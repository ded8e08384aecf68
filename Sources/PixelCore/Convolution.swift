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
    /// (`src` must cover `dst` grown by the kernels' radii). With `clamp`, `src` holds only
    /// that box's part of it and the edge pixels of the box extend beyond it (a clamped
    /// input read without first copying it into a larger buffer).
    public static func separable(
        _ src: PixelBuffer, _ dst: PixelBuffer, _ kx: [Float], _ ky: [Float], clamp: IRect? = nil
    ) {
        let rx = kx.count / 2
        let x0 = dst.rect.x - rx, span = dst.width + 2 * rx
        // A source row extended past the clamp box's sides, when a row needs that.
        let extended = UnsafeMutablePointer<Pixel>.allocate(capacity: clamp == nil ? 1 : span)
        defer { extended.deallocate() }
        /// Source row `y` (absolute) from column x0 on.
        func sourceRow(_ y: Int) -> UnsafePointer<Pixel> {
            guard let box = clamp else { return UnsafePointer(src.row(y - src.rect.y) + (x0 - src.rect.x)) }
            let row = src.row(min(max(y, box.y), box.maxY - 1) - src.rect.y) - src.rect.x
            if x0 >= box.x, x0 + span <= box.maxX { return UnsafePointer(row + x0) }
            let left = min(span, max(0, box.x - x0)), right = min(span - left, max(0, x0 + span - box.maxX))
            let middle = span - left - right
            if left > 0 { extended.update(repeating: row[box.x], count: left) }
            if middle > 0 { (extended + left).update(from: row + x0 + left, count: middle) }
            if right > 0 { (extended + left + middle).update(repeating: row[box.maxX - 1], count: right) }
            return UnsafePointer(extended)
        }
        separableRows(
            width: dst.width, height: dst.height, y0: dst.rect.y, kx, ky, source: sourceRow, output: dst.row,
            written: { _, _ in })
    }

    /// The core of `separable`: `height` output rows of `width` pixels (absolute rows y0 ...),
    /// from `source(y)`, absolute source row y starting kx's radius left of the first output
    /// column, into `output(ly)`; `written(ly, count)` follows each batch of finished rows
    /// (ascending), so a caller can take rows as they come and reuse their memory.
    static func separableRows(
        width w: Int, height h: Int, y0: Int, _ kx: [Float], _ ky: [Float],
        source: (Int) -> UnsafePointer<Pixel>, output: (Int) -> UnsafeMutablePointer<Pixel>,
        written: (Int, Int) -> Void
    ) {
        let rx = kx.count / 2, ry = ky.count / 2, n = ky.count
        let fast = isSymmetric(kx) && isSymmetric(ky) && symmetricRadii.contains(rx) && symmetricRadii.contains(ry)
        // Horizontal rows go round a ring; output rows are combined as soon as their rows
        // are in (a small buffer that stays in cache), four at a time for symmetric kernels
        // (whose column pass loads each ring row once for four outputs), the last 1–3 alone.
        // Rows sit one cache line more than their width apart: at 256 pixels (4 KiB) apart,
        // the loads of a column would all map to one L1 set and evict each other.
        let group = fast ? 4 : 1
        let slots = n + group - 1
        let stride = w + 4
        let ring = UnsafeMutablePointer<Pixel>.allocate(capacity: max(1, stride * slots))
        defer { ring.deallocate() }
        kx.withUnsafeBufferPointer { hk in
            ky.withUnsafeBufferPointer { vk in
                withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: slots) { rowsIn in
                    withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<Pixel>.self, capacity: group) { outs in
                        /// Output rows ly ..< ly + count from the ring (count = group, or 1).
                        func combine(_ ly: Int, _ count: Int) {
                            for i in 0..<(n + count - 1) { rowsIn[i] = UnsafePointer(ring + ((ly + i) % slots) * stride) }
                            if count > 1 {
                                for j in 0..<count { outs[j] = output(ly + j) }
                                symmetricColumn4(rowsIn.baseAddress!, outs.baseAddress!, w, vk.baseAddress!, radius: ry)
                            } else if fast {
                                symmetricColumn(rowsIn.baseAddress!, output(ly), w, vk.baseAddress!, radius: ry)
                            } else {
                                vertical(rowsIn.baseAddress!, output(ly), w, vk.baseAddress!, n)
                            }
                            written(ly, count)
                        }
                        let whole = h / group * group
                        for r in 0..<(h + 2 * ry) {
                            let s = source(y0 - ry + r)
                            if fast {
                                symmetricRow(s, ring + (r % slots) * stride, w, hk.baseAddress!, radius: rx)
                            } else {
                                horizontal(s, ring + (r % slots) * stride, w, hk.baseAddress!, hk.count)
                            }
                            let last = r - (slots - 1)  // first output row whose group is now in
                            if last >= 0, last % group == 0, last < whole { combine(last, group) }
                        }
                        for ly in whole..<h { combine(ly, 1) }
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
