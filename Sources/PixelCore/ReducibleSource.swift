import Foundation

/// A source that can decode itself at 1/2, 1/4 or 1/8 of its size for far less work than
/// whole (a JPEG: libjpeg's scaled IDCT, which averages each 8×8 block down). A resampler
/// that shrinks it far enough reads the reduced image instead (`Image.resampled`), so
/// `lunette apply big.jpg -f 'CILanczosScaleTransform{scale = 0.1}'` decodes a quarter of
/// the pixels without being asked.
public protocol ReducibleSource: ImageNode {
    /// The image decoded at 1/`factor` of its size: ⌈width/factor⌉ × ⌈height/factor⌉ pixels,
    /// reduced pixel (i, j) from the top-left covering stored pixels [factor·i, factor·i +
    /// factor) × [factor·j, factor·j + factor); nil when it cannot (already reduced as far).
    func reduced(by factor: Int) -> Image?
}

extension Image {
    /// The image resampled by (sx, sy) about the origin with `kernel` (widened when
    /// shrinking: `LanczosScaleNode`). A shrink of a `ReducibleSource` reads the source
    /// reduced by the largest factor k of 2, 4, 8 that leaves the resampler a shrink of 1/k
    /// or more (2 from ¼ down, 4 from 1/16, 8 from 1/64: the coarser the scaled IDCT, the
    /// more of the picture the resampler must still average, so results stay within about
    /// 40 dB of the full decode), mapped exactly onto the same output; both sides must
    /// divide by k (camera sizes do), since reduced rows count from the top.
    /// Swift: `img.resampled(sx: 0.125, sy: 0.125)`; Lua: `img | CILanczosScaleTransform{scale = 0.125}`
    public func resampled(sx: Double, sy: Double, kernel: ResamplingKernel = .lanczos3) -> Image {
        let e = extent
        if let source = node as? ReducibleSource, !e.isInfinite, !e.isEmpty, e.x == 0, e.y == 0, sx > 0, sy > 0 {
            let width = Int(e.width), height = Int(e.height)
            for factor in [8, 4, 2]
            where Double(factor * factor) * max(sx, sy) <= 1 && width % factor == 0 && height % factor == 0 {
                guard let small = source.reduced(by: factor) else { continue }
                let k = Double(factor)
                return Image(LanczosScaleNode(small, sx: sx * k, sy: sy * k, kernel: kernel))
            }
        }
        return Image(LanczosScaleNode(self, sx: sx, sy: sy, kernel: kernel))
    }
}
