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
        guard let t = fusedTables, IRect(0, 0, f.width, f.height).intersection(rect) == rect else { return nil }
        let (affine, rest) = Self.fused(kernels)
        let out = session.output(rect, zeroed: false)
        frame.data.withUnsafeBytes {
            convert8($0.baseAddress!.assumingMemoryBound(to: UInt8.self), rect, into: out, t, affine: affine, after: rest)
        }
        return out
    }

    /// Rows of `rect` through `kernels` as `render(_:_:through:)` computes them, one at a
    /// time; transparent black outside the frame (the rows and columns a blur's halo adds).
    func rowReader(_ rect: IRect, through kernels: [any PointKernel]) -> PixelRowReader? {
        guard let t = fusedTables else { return nil }
        let f = frame.format
        let (affine, rest) = Self.fused(kernels)
        let inside = rect.intersection(IRect(0, 0, f.width, f.height))
        let left = inside.x - rect.x, right = rect.maxX - inside.maxX
        let frame = frame
        return { (y: Int, into: UnsafeMutablePointer<Pixel>) in
            guard !inside.isEmpty, y >= inside.y, y < inside.maxY else {
                into.update(repeating: .zero, count: rect.width)
                return
            }
            if left > 0 { into.update(repeating: .zero, count: left) }
            if right > 0 { (into + rect.width - right).update(repeating: .zero, count: right) }
            frame.data.withUnsafeBytes {
                self.convert8(
                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self), IRect(inside.x, y, inside.width, 1),
                    rows: { _ in into + left }, t, affine: affine, after: rest)
            }
        }
    }

    /// The 8-bit tables when the frame is 4:2:0 and the AVX2 decode (the only one that fuses
    /// kernels) runs here; nil otherwise.
    var fusedTables: YUV8Tables? {
        guard Convolution.avx2, frame.format.chroma == .c420, let t = conversion.tables8, t.inRange else { return nil }
        return t
    }

    /// The kernels' video variants, a leading run of affine colour steps composed into one
    /// map (AffineRGB's floats, for the vector decode), and the kernels after it.
    static func fused(_ kernels: [any PointKernel]) -> (affine: [Float]?, rest: [any PointKernel]) {
        var affine: AffineRGB?
        var rest = kernels.map { $0.videoVariant ?? $0 }[...]
        while let k = rest.first, case .affine(let a) = k.opaqueStep {
            affine = affine.map { $0.then(a) } ?? a
            rest = rest.dropFirst()
        }
        return (affine?.floats, Array(rest))
    }
}
