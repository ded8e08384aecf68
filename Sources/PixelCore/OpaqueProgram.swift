import CKernels
import Foundation

/// What a point kernel does to an opaque pixel (alpha 1, which it keeps), when that is one of
/// the steps the vector loops know: an affine colour map or an odd-symmetric power.
public enum OpaqueStep: Sendable {
    case affine(AffineRGB)
    /// rgb' = sign(v)·|v|^e, e > 0 (CIGammaAdjust).
    case power(Float)
}

/// Opaque steps run in one pass, per vector of pixels between one load and one store
/// (AVX2/AVX-512; powers within 10⁻⁷·(1 + e) of powf, affine maps with fused multiply-adds).
/// Fused point chains use it from the source pixels straight into the output; pixels it
/// does not take (translucent, non-finite) are left to the kernels themselves.
/// Lua: `img | CIExposureAdjust{EV = 0.5} | CIGammaAdjust{power = 1.1}`
public struct OpaqueProgram: @unchecked Sendable {
    let steps: [lunette_opaque_step]

    /// Nil when the CPU has no vector loop for it (no AVX2, `LUNETTE_NO_AVX2`), a power is
    /// not positive and finite, or there are more steps than the loops hold.
    public init?(_ steps: [OpaqueStep]) {
        guard Convolution.avx2, !steps.isEmpty, steps.count <= Int(LUNETTE_OPAQUE_MAX_STEPS) else { return nil }
        var packed: [lunette_opaque_step] = []
        for s in steps {
            var step = lunette_opaque_step()
            switch s {
            case .affine(let a):
                step.kind = 0
                var m = a.m
                withUnsafeBytes(of: &m) { src in withUnsafeMutableBytes(of: &step.m) { $0.copyMemory(from: src) } }
            case .power(let e):
                guard e > 0, e.isFinite else { return nil }
                step.kind = 1
                step.e = e
            }
            packed.append(step)
        }
        self.steps = packed
    }

    /// Runs over the pixels of `src` from the start into `dst` (which may be `src`) while
    /// the loop takes them; returns how many it did.
    public func run(_ src: UnsafePointer<Pixel>, _ dst: UnsafeMutablePointer<Pixel>, _ count: Int) -> Int {
        steps.withUnsafeBufferPointer { st in
            lunette_opaque_program_avx2(
                UnsafeRawPointer(src).assumingMemoryBound(to: Float.self),
                UnsafeMutableRawPointer(dst).assumingMemoryBound(to: Float.self), count,
                st.baseAddress, st.count)
        }
    }

    /// In place over `count` pixels: the ones the loop takes by it, each other one by `other`.
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ count: Int, other: (Pixel) -> Pixel) {
        var i = 0
        while i < count {
            i += run(dst + i, dst + i, count - i)
            if i >= count { break }
            dst[i] = other(dst[i])
            i += 1
        }
    }
}
