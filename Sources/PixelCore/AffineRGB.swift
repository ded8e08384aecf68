import CKernels
import Foundation

/// A colour matrix with an offset for opaque pixels, out = m0·r + m1·g + m2·b + offset
/// (lane w of the columns 0, of the offset 1, so alpha stays exactly 1), run two pixels
/// per AVX2 instruction where the CPU has it. Point kernels that are affine on straight
/// colour (CIColorControls, CISepiaTone) use it for the pixels whose alpha is 1.
public struct AffineRGB: Sendable {
    let m: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Columns for R, G and B (their lane w is ignored) and the offset (lane w ignored).
    public init(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, offset: SIMD4<Float> = .zero) {
        var a = c0, b = c1, c = c2, o = offset
        a.w = 0; b.w = 0; c.w = 0; o.w = 1
        m = (a, b, c, o)
    }

    /// Runs over `count` pixels: opaque ones through the matrix, the others through `other`.
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ count: Int, other: (Pixel) -> Pixel) {
        var i = 0
        var table = m
        withUnsafeBytes(of: &table) { raw in
            let mp = raw.baseAddress!.assumingMemoryBound(to: Float.self)
            while i < count {
                if Convolution.avx2 {
                    let f = UnsafeMutableRawPointer(dst + i).assumingMemoryBound(to: Float.self)
                    i += lunette_affine_opaque_avx2(f, count - i, mp)
                    if i >= count { break }
                }
                let p = dst[i]
                dst[i] = p.w == 1 ? m.0 * p.x + m.1 * p.y + m.2 * p.z + m.3 : other(p)
                i += 1
            }
        }
    }
}
