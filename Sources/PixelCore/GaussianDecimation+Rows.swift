import CKernels
import Foundation

/// The row loops of the decimated Gaussian: AVX2 + FMA kernels (CKernels/decimate.c) where
/// the CPU has them, the Swift loops below elsewhere (and in tests, to pin both). Same sums
/// either way up to the order of float additions.
extension DecimationPlan {
    /// One source row prefiltered and sampled every f pixels: for c in 0..<count,
    /// `out[c] = Σ prefilter[i]·s[x0 + c·f + i]` over the taps whose pixel lies in
    /// `s[0..<width]` (zero when none does).
    func prefilterRow(
        _ s: UnsafePointer<Pixel>, width: Int, x0: Int, into out: UnsafeMutablePointer<Pixel>, count: Int,
        vectorized: Bool = Convolution.avx2
    ) {
        let n = prefilter.count
        if vectorized {
            prefilter4.withUnsafeBufferPointer { k4 in
                lunette_decimate_row_avx2(floats(s), width, x0, f, k4.baseAddress, n, floats(out), count)
            }
            return
        }
        prefilter.withUnsafeBufferPointer { k in
            for c in 0..<count {
                let start = x0 + c * f
                let lo = max(0, -start), hi = min(n, width - start)
                var acc = Pixel.zero
                if lo < hi { for i in lo..<hi { acc += s[start + i] * k[i] } }
                out[c] = acc
            }
        }
    }

    /// One low-resolution row `v` (column `vx` first) brought back to full resolution:
    /// output pixel i (column x = x0 + i) = Σ_t up[φ·(2S+1) + t]·v[⌊x/f⌋ − S − vx + t], φ = x mod f.
    func interpolateRow(
        _ v: UnsafePointer<Pixel>, vx: Int, into out: UnsafeMutablePointer<Pixel>, x0: Int, width: Int,
        vectorized: Bool = Convolution.avx2
    ) {
        let taps = 2 * S + 1
        if vectorized {
            upPairs.withUnsafeBufferPointer { w8 in
                lunette_upsample_row_avx2(floats(v), vx, floats(out), x0, width, f, S, w8.baseAddress)
            }
            return
        }
        up.withUnsafeBufferPointer { up in
            for i in 0..<width {
                let x = x0 + i, j = floorDiv(x, f)
                let k = up.baseAddress! + (x - j * f) * taps, p = v + (j - S - vx)
                var acc = Pixel.zero
                for t in 0..<taps { acc += p[t] * k[t] }
                out[i] = acc
            }
        }
    }

    /// One row of `out[x] = Σ k[i]·rows[i][x]` over n rows (n ≥ 1).
    static func column(
        _ rows: UnsafePointer<UnsafePointer<Pixel>>, into out: UnsafeMutablePointer<Pixel>, width: Int,
        _ k: UnsafePointer<Float>, _ n: Int, vectorized: Bool = Convolution.avx2
    ) {
        if vectorized {
            let rf = UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            lunette_column_avx2(rf, floats(out), width, k, n, nil, 0)
        } else {
            Convolution.vertical(rows, out, width, k, n)
        }
    }

    /// `prefilter` with each weight four times, and `up`'s phases in pairs (w(φ, t) four
    /// times, then w(φ + 1, t) four times): the layouts of the vector kernels.
    static func vectorWeights(prefilter: [Float], up: [Float], f: Int, taps: Int) -> ([Float], [Float]) {
        let k4 = prefilter.flatMap { [Float](repeating: $0, count: 4) }
        var w8: [Float] = []
        w8.reserveCapacity(8 * f * taps)
        for phase in 0..<f {
            for t in 0..<taps {
                let next = phase + 1 < f ? up[(phase + 1) * taps + t] : 0
                w8 += [Float](repeating: up[phase * taps + t], count: 4) + [Float](repeating: next, count: 4)
            }
        }
        return (k4, w8)
    }
}

@inline(__always) private func floats(_ p: UnsafePointer<Pixel>) -> UnsafePointer<Float> {
    UnsafeRawPointer(p).assumingMemoryBound(to: Float.self)
}

@inline(__always) private func floats(_ p: UnsafeMutablePointer<Pixel>) -> UnsafeMutablePointer<Float> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: Float.self)
}
