import Foundation
import PixelCore

extension YUVSourceNode: KernelFusingSource {
    /// An 8-bit 4:2:0 frame through the point kernels right above it (their video variants
    /// where they have one), row by row as it is decoded: a leading run of affine colour
    /// steps (CIColorControls, CIColorMatrix, …) composed into one map inside the vector
    /// decode, the kernels after it on each row while it is in L1. Every source pixel is
    /// opaque and finite, so the affine maps' opaque form is the whole kernel.
    /// Lua (`lunette video --chain`): `{filter = "CIColorControls", inputs = {contrast = 1.1}}`
    func render(_ rect: IRect, _ session: RenderSession, through kernels: [any PointKernel]) -> PixelBuffer? {
        let f = frame.format
        guard Convolution.avx2, f.chroma == .c420, let t = conversion.tables8, t.inRange,
            IRect(0, 0, f.width, f.height).intersection(rect) == rect
        else { return nil }
        var affine: AffineRGB?
        var rest = kernels.map { $0.videoVariant ?? $0 }[...]
        while let k = rest.first, case .affine(let a) = k.opaqueStep {
            affine = affine.map { $0.then(a) } ?? a
            rest = rest.dropFirst()
        }
        let out = session.output(rect, zeroed: false)
        frame.data.withUnsafeBytes {
            convert8(
                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), rect, into: out, t,
                affine: affine?.floats, after: Array(rest))
        }
        return out
    }
}
