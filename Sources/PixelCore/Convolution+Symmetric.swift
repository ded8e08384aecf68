import CKernels
import Foundation

/// Symmetric separable kernels (a Gaussian's taps) with the radius fixed at compile time:
/// each call site below is specialised for one radius, so the tap loops unroll, mirrored
/// taps are added before their one multiply, and four output pixels share every weight
/// load (and, horizontally, every input load). Same sums as `horizontal`/`vertical` up to
/// the order of float additions.
extension Convolution {
    /// Largest radius with a specialised loop (σ < 3 Gaussians reach at most 11).
    static let symmetricRadii = 1...12

    /// True when the AVX2 + FMA variants (CKernels) run on this CPU; `LUNETTE_NO_AVX2`
    /// set in the environment forces the Swift loops (CLI: `LUNETTE_NO_AVX2=1 lunette video …`).
    public static let avx2 = lunette_kernels_have_avx2() != 0 && ProcessInfo.processInfo.environment["LUNETTE_NO_AVX2"] == nil

    /// True when `k` has odd length and mirrored taps are equal.
    static func isSymmetric(_ k: [Float]) -> Bool {
        let n = k.count
        guard n % 2 == 1 else { return false }
        for i in 0..<n / 2 where k[i] != k[n - 1 - i] { return false }
        return true
    }

    /// One row of `out[x] = Σ k[i]·s[x + i]` for a symmetric kernel of radius `r` (2r + 1 taps).
    static func symmetricRow(
        _ s: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>, _ w: Int,
        _ k: UnsafePointer<Float>, radius r: Int
    ) {
        if avx2 {
            let sf = UnsafeRawPointer(s).assumingMemoryBound(to: Float.self)
            let of = UnsafeMutableRawPointer(out).assumingMemoryBound(to: Float.self)
            return lunette_symmetric_row_avx2(sf, of, w, k, r)
        }
        switch r {
        case 1: symmetricRow(s, out, w, k, r: 1)
        case 2: symmetricRow(s, out, w, k, r: 2)
        case 3: symmetricRow(s, out, w, k, r: 3)
        case 4: symmetricRow(s, out, w, k, r: 4)
        case 5: symmetricRow(s, out, w, k, r: 5)
        case 6: symmetricRow(s, out, w, k, r: 6)
        case 7: symmetricRow(s, out, w, k, r: 7)
        case 8: symmetricRow(s, out, w, k, r: 8)
        case 9: symmetricRow(s, out, w, k, r: 9)
        case 10: symmetricRow(s, out, w, k, r: 10)
        case 11: symmetricRow(s, out, w, k, r: 11)
        default: symmetricRow(s, out, w, k, r: r)
        }
    }

    @inline(__always)
    static func symmetricRow(
        _ s: UnsafePointer<Pixel>, _ out: UnsafeMutablePointer<Pixel>, _ w: Int,
        _ k: UnsafePointer<Float>, r: Int
    ) {
        let n = 2 * r + 1
        var x = 0
        while x + 4 <= w {
            let p = s + x
            let c = k[r]
            var a0 = p[r] * c, a1 = p[r + 1] * c, a2 = p[r + 2] * c, a3 = p[r + 3] * c
            for i in 0..<r {
                let wi = k[i], j = n - 1 - i
                a0 += (p[i] + p[j]) * wi
                a1 += (p[i + 1] + p[j + 1]) * wi
                a2 += (p[i + 2] + p[j + 2]) * wi
                a3 += (p[i + 3] + p[j + 3]) * wi
            }
            out[x] = a0; out[x + 1] = a1; out[x + 2] = a2; out[x + 3] = a3
            x += 4
        }
        while x < w {
            let p = s + x
            var a = p[r] * k[r]
            for i in 0..<r { a += (p[i] + p[n - 1 - i]) * k[i] }
            out[x] = a
            x += 1
        }
    }

    /// One row of `out[x] = Σ k[i]·rows[i][x]` for a symmetric kernel of radius `r`.
    static func symmetricColumn(
        _ rows: UnsafePointer<UnsafePointer<Pixel>>, _ out: UnsafeMutablePointer<Pixel>,
        _ w: Int, _ k: UnsafePointer<Float>, radius r: Int
    ) {
        if avx2 {
            let rf = UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            let of = UnsafeMutableRawPointer(out).assumingMemoryBound(to: Float.self)
            return lunette_symmetric_column_avx2(rf, of, w, k, r)
        }
        switch r {
        case 1: symmetricColumn(rows, out, w, k, r: 1)
        case 2: symmetricColumn(rows, out, w, k, r: 2)
        case 3: symmetricColumn(rows, out, w, k, r: 3)
        case 4: symmetricColumn(rows, out, w, k, r: 4)
        case 5: symmetricColumn(rows, out, w, k, r: 5)
        case 6: symmetricColumn(rows, out, w, k, r: 6)
        case 7: symmetricColumn(rows, out, w, k, r: 7)
        case 8: symmetricColumn(rows, out, w, k, r: 8)
        case 9: symmetricColumn(rows, out, w, k, r: 9)
        case 10: symmetricColumn(rows, out, w, k, r: 10)
        case 11: symmetricColumn(rows, out, w, k, r: 11)
        default: symmetricColumn(rows, out, w, k, r: r)
        }
    }

    /// Four rows of `symmetricColumn` at once: `out[j]` from `rows[j ..< j + 2r + 1]`
    /// (`rows` holds 2r + 4). The AVX2 loop loads each row once for all four outputs; the
    /// sums are the same, bit for bit, as four separate rows.
    static func symmetricColumn4(
        _ rows: UnsafePointer<UnsafePointer<Pixel>>, _ out: UnsafePointer<UnsafeMutablePointer<Pixel>>,
        _ w: Int, _ k: UnsafePointer<Float>, radius r: Int
    ) {
        if avx2 {
            let rf = UnsafeRawPointer(rows).assumingMemoryBound(to: UnsafePointer<Float>?.self)
            let of = UnsafeRawPointer(out).assumingMemoryBound(to: UnsafeMutablePointer<Float>?.self)
            return lunette_symmetric_column4_avx2(rf, of, w, k, r)
        }
        for j in 0..<4 { symmetricColumn(rows + j, out[j], w, k, radius: r) }
    }

    @inline(__always)
    static func symmetricColumn(
        _ rows: UnsafePointer<UnsafePointer<Pixel>>, _ out: UnsafeMutablePointer<Pixel>,
        _ w: Int, _ k: UnsafePointer<Float>, r: Int
    ) {
        let n = 2 * r + 1
        let mid = rows[r]
        var x = 0
        while x + 4 <= w {
            let c = k[r], m = mid + x
            var a0 = m[0] * c, a1 = m[1] * c, a2 = m[2] * c, a3 = m[3] * c
            for i in 0..<r {
                let wi = k[i], p = rows[i] + x, q = rows[n - 1 - i] + x
                a0 += (p[0] + q[0]) * wi
                a1 += (p[1] + q[1]) * wi
                a2 += (p[2] + q[2]) * wi
                a3 += (p[3] + q[3]) * wi
            }
            out[x] = a0; out[x + 1] = a1; out[x + 2] = a2; out[x + 3] = a3
            x += 4
        }
        while x < w {
            var a = mid[x] * k[r]
            for i in 0..<r { a += (rows[i][x] + rows[n - 1 - i][x]) * k[i] }
            out[x] = a
            x += 1
        }
    }
}
