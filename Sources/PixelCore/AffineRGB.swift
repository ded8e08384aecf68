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
        while i < count {
            i += applyOpaque(dst + i, count - i)
            if i >= count { break }
            dst[i] = other(dst[i])
            i += 1
        }
    }
}

extension AffineRGB {
    /// This map followed by `next` as one map: next(self(p)) = (N·M)·p + (N·o + n), worked
    /// out in Double and rounded once.
    public func then(_ next: AffineRGB) -> AffineRGB {
        func d(_ v: SIMD4<Float>) -> SIMD4<Double> { SIMD4<Double>(Double(v.x), Double(v.y), Double(v.z), Double(v.w)) }
        let a = [d(m.0), d(m.1), d(m.2), d(m.3)], b = [d(next.m.0), d(next.m.1), d(next.m.2), d(next.m.3)]
        // Column j of N·M is N applied to column j of M (offset: plus N's offset).
        func mapped(_ c: SIMD4<Double>, offset: Bool) -> SIMD4<Float> {
            let v = b[0] * c.x + b[1] * c.y + b[2] * c.z + (offset ? b[3] : .zero)
            return SIMD4<Float>(Float(v.x), Float(v.y), Float(v.z), 0)
        }
        return AffineRGB(
            mapped(a[0], offset: false), mapped(a[1], offset: false), mapped(a[2], offset: false),
            offset: mapped(a[3], offset: true))
    }

    /// Runs the map over the opaque pixels at the start of `dst` (up to `count`) and
    /// returns how many there were.
    public func applyOpaque(_ dst: UnsafeMutablePointer<Pixel>, _ count: Int) -> Int {
        var i = 0
        if Convolution.avx2 {
            var table = m
            i = withUnsafeBytes(of: &table) { raw in
                lunette_affine_opaque_avx2(
                    UnsafeMutableRawPointer(dst).assumingMemoryBound(to: Float.self), count,
                    raw.baseAddress!.assumingMemoryBound(to: Float.self))
            }
        }
        while i < count, dst[i].w == 1 { dst[i] = self(dst[i]); i += 1 }
        return i
    }

    /// The map applied to one opaque pixel (the Swift form of the vector loop's sums).
    @inline(__always) public func callAsFunction(_ p: Pixel) -> Pixel { m.0 * p.x + m.1 * p.y + m.2 * p.z + m.3 }
}
