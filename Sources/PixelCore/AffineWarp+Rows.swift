import CKernels
import Foundation

/// One destination row of an affine warp. Along a row the source position is affine in the
/// column, so the row splits into runs: columns whose four taps all miss the source
/// (transparent, written directly), columns whose taps are all inside it (the AVX2 kernel
/// of CKernels/warp.c where the CPU has it) and the few between (`Sampler.bilinear`).
extension AffineWarpNode {
    /// Column margin, in source pixels, that keeps a run's test clear of rounding.
    static let runMargin = 1e-3

    /// True when this CPU can run the C kernel (what `vector` asks for; the default,
    /// `Convolution.avx2`, also honours `LUNETTE_NO_AVX2`).
    static let kernelRuns = lunette_kernels_have_avx2() != 0

    /// Writes `count` pixels of row `y` from column `x`: pixel i samples `src` bilinearly at
    /// `inv` of its centre (x + i + 0.5, y + 0.5), exactly as `Sampler.bilinear` defines it
    /// (zero outside `src`); `vector` false keeps to the Swift loop (`LUNETTE_NO_AVX2`).
    /// `.nearest` takes the one pixel each centre falls in instead (`Sampler.nearest`).
    static func sampleRow(
        _ src: PixelBuffer, _ inv: Transform, x: Int, y: Int, count: Int,
        into row: UnsafeMutablePointer<Pixel>, mode: SamplingMode = .linear, vector: Bool = Convolution.avx2
    ) {
        let cy = Double(y) + 0.5
        if mode == .nearest {
            for i in 0..<count {
                let p = inv.apply(Point(Double(x + i) + 0.5, cy))
                row[i] = Sampler.nearest(src, p.x, p.y)
            }
            return
        }
        @inline(__always) func sample(_ i: Int) {
            let p = inv.apply(Point(Double(x + i) + 0.5, cy))
            row[i] = Sampler.bilinear(src, p.x, p.y)
        }
        // Source position of pixel i in buffer pixels, centres at integers: f + i·(a, b).
        let cx = Double(x) + 0.5
        let fx = inv.a * cx + inv.c * cy + inv.tx - 0.5 - Double(src.rect.x)
        let fy = inv.b * cx + inv.d * cy + inv.ty - 0.5 - Double(src.rect.y)
        guard fx.isFinite, fy.isFinite, inv.a.isFinite, inv.b.isFinite else {
            for i in 0..<count { sample(i) }
            return
        }
        let w = Double(src.rect.width), h = Double(src.rect.height), m = runMargin
        // A tap can be inside only when fx ∈ [-1, w) and fy ∈ [-1, h); all four are when
        // fx ∈ [0, w − 1) and fy ∈ [0, h − 1).
        let touch = columns(fx, inv.a, -1 - m, w + m, count, outer: true)
            .clamped(to: columns(fy, inv.b, -1 - m, h + m, count, outer: true))
        var inner = columns(fx, inv.a, m, w - 1 - m, count, outer: false)
            .clamped(to: columns(fy, inv.b, m, h - 1 - m, count, outer: false)).clamped(to: touch)
        if inner.isEmpty { inner = touch.lowerBound..<touch.lowerBound }
        if touch.lowerBound > 0 { row.update(repeating: .zero, count: touch.lowerBound) }
        for i in touch.lowerBound..<inner.lowerBound { sample(i) }
        var done = inner.lowerBound
        if vector, kernelRuns, !inner.isEmpty, src.height >= 2 {
            let s = UnsafeRawPointer(src.pixels).assumingMemoryBound(to: Float.self)
            let o = UnsafeMutableRawPointer(row + done).assumingMemoryBound(to: Float.self)
            let stride = src.row(1) - src.row(0)
            let first = Double(done)
            done += lunette_warp_bilinear_row_avx2(
                s, src.width, src.height, stride, o, inner.count,
                fx + first * inv.a, fy + first * inv.b, inv.a, inv.b, inv.c, inv.d)
        }
        for i in done..<touch.upperBound { sample(i) }
        if touch.upperBound < count { (row + touch.upperBound).update(repeating: .zero, count: count - touch.upperBound) }
    }

    /// The columns i in 0..<count where lo ≤ f + i·d < hi: a superset when `outer` (one
    /// column more each side), else a subset (one column less each side).
    static func columns(_ f: Double, _ d: Double, _ lo: Double, _ hi: Double, _ count: Int, outer: Bool) -> Range<Int> {
        if d == 0 { return f >= lo && f < hi ? 0..<count : 0..<0 }
        var t0 = (lo - f) / d, t1 = (hi - f) / d
        if t0 > t1 { swap(&t0, &t1) }
        let pad = outer ? 1.0 : -1.0, n = Double(count)
        let a = min(max((t0 - pad).rounded(.up), 0), n)
        let b = min(max((t1 + pad).rounded(.down) + 1, a), n)
        return Int(a)..<Int(b)
    }
}
