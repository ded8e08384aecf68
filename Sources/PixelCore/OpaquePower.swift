import CKernels
import Foundation

/// Colour raised to a power with odd symmetry, sign(v)·|v|^e, vectorised for opaque pixels
/// (AVX2/AVX-512, relative error below 10⁻⁷·(1 + e) of `powf`'s); other pixels, and every
/// pixel when the CPU lacks AVX2 or e ≤ 0, go through `other`. Lua: `img | CIGammaAdjust{power = 1.1}`
public struct OpaquePower: Sendable {
    public let exponent: Float
    public init(_ exponent: Float) { self.exponent = exponent }

    /// Runs over `count` pixels in place: opaque ones by the vector loop where it can,
    /// the others (and any the loop declines: huge, tiny or non-finite values) by `other`.
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ count: Int, other: (Pixel) -> Pixel) {
        let vector = Convolution.avx2 && exponent > 0 && exponent.isFinite
        var i = 0
        while i < count {
            if vector {
                let f = UnsafeMutableRawPointer(dst + i).assumingMemoryBound(to: Float.self)
                i += lunette_pow_opaque_avx2(f, count - i, exponent)
                if i >= count { break }
            }
            dst[i] = other(dst[i])
            i += 1
        }
    }
}
