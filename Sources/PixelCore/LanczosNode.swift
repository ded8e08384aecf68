import Foundation

/// A separable resampler: the image scaled by (sx, sy) about the origin.
/// Output pixel centre X + ½ reads source position (X + ½)/sx; the kernel (Lanczos-3,
/// L(t) = sinc(t)·sinc(t/3), |t| < 3, or another `ResamplingKernel`) is widened by 1/s when shrinking (so every source
/// pixel contributes: area-correct, no aliasing), and each output's weights are normalised
/// to sum to 1. Two passes per tile, in the order that costs fewer multiply-adds
/// (LanczosNode+Passes.swift).
/// Lua: `img | CILanczosScaleTransform{scale = 0.5}`
public final class LanczosScaleNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let sx: Double, sy: Double
    /// The kernel (Lanczos-3 unless a filter picks another, as CIBicubicScaleTransform does).
    public let kernel: ResamplingKernel
    /// Kernel widening per axis: max(1, 1/s).
    let wx: Double, wy: Double

    let cache = WeightsCache()

    /// Pass order (nil: the cheaper) and whether the AVX2 loops run; tests set both.
    let order: Bool?, vectorized: Bool

    public convenience init(_ input: Image, sx: Double, sy: Double, kernel: ResamplingKernel = .lanczos3) {
        self.init(input, sx: sx, sy: sy, verticalFirst: nil, vectorized: Convolution.avx2, kernel: kernel)
    }

    init(_ input: Image, sx: Double, sy: Double, verticalFirst: Bool?, vectorized: Bool, kernel: ResamplingKernel = .lanczos3) {
        inputs = [input]; self.sx = sx; self.sy = sy; self.kernel = kernel
        wx = max(1, 1 / sx); wy = max(1, 1 / sy)
        order = verticalFirst; self.vectorized = vectorized
    }

    public var kind: NodeKind { .warp }
    public var extent: Rect {
        let e = inputs[0].extent
        if e.isInfinite || e.isEmpty { return e }
        return Rect(e.x * sx, e.y * sy, e.width * sx, e.height * sy)
    }

    /// Lanczos-3 at `t` (in kernel units).
    @inline(__always) public static func kernel(_ t: Double) -> Double { ResamplingKernel.lanczos3.weight(t) }

    /// Source pixel index range [lo, hi) read along one axis for outputs [o0, o1).
    static func span(_ o0: Int, _ o1: Int, scale s: Double, widen w: Double, radius r: Double = 3) -> (Int, Int) {
        let lo = (Double(o0) + 0.5) / s - r * w, hi = (Double(o1) - 0.5) / s + r * w
        return (Int(lo.rounded(.down)) - 1, Int(hi.rounded(.up)) + 3)
    }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        let (x0, x1) = Self.span(rect.x, rect.maxX, scale: sx, widen: wx, radius: kernel.radius)
        let (y0, y1) = Self.span(rect.y, rect.maxY, scale: sy, widen: wy, radius: kernel.radius)
        return Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0)).intersection(inputs[0].extent)
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let (x0, x1) = Self.span(rect.x, rect.maxX, scale: sx, widen: wx, radius: kernel.radius)
        let (y0, y1) = Self.span(rect.y, rect.maxY, scale: sy, widen: wy, radius: kernel.radius)
        let srcRect = IRect(x0, y0, x1 - x0, y1 - y0)
        var hw = weights(.x, rect.x, rect.width, sourceStart: x0)
        var vw = weights(.y, rect.y, rect.height, sourceStart: y0)
        // Source pixels outside the input's extent are transparent: windows are moved inside
        // it (their outside taps weigh zero pixels), so loaded pixels are read in place even
        // at the image's edges and nothing outside is rendered.
        var window = srcRect
        let inside = IRect.clipping(inputs[0].extent, to: srcRect)
        if inside != srcRect, let h = hw.fitted(inside.x - x0, inside.maxX - x0),
            let v = vw.fitted(inside.y - y0, inside.maxY - y0)
        {
            hw = h; vw = v; window = inside
        }
        let src = session.borrow(inputs[0], window) ?? session.render(inputs[0], window)
        let dst = session.output(rect, zeroed: false)
        // Row j of the window, from its first column.
        let row = { (j: Int) in UnsafePointer(src.row(j + window.y - src.rect.y) + (window.x - src.rect.x)) }
        if order ?? Self.verticalFirst(out: rect, source: window, hTaps: hw.taps, vTaps: vw.taps) {
            // The window's columns resampled to the output's rows, then across.
            let tmp = PixelBuffer(uninitialized: IRect(window.x, rect.y, window.width, rect.height))
            Self.vertical(row, vw, width: window.width, into: tmp, vectorized: vectorized)
            Self.horizontal({ UnsafePointer(tmp.row($0)) }, hw, into: dst, vectorized: vectorized)
        } else {
            // The window's rows resampled across to the output's columns, then vertically.
            let tmp = PixelBuffer(uninitialized: IRect(rect.x, window.y, rect.width, window.height))
            Self.horizontal(row, hw, into: tmp, vectorized: vectorized)
            Self.vertical({ UnsafePointer(tmp.row($0)) }, vw, width: rect.width, into: dst, vectorized: vectorized)
        }
        dst.clear(outside: IRect.clipping(extent, to: rect))
        return dst
    }

    /// The weights of outputs [o0, o0 + count) along one axis, computed once per node for
    /// each tile column or row (tiles of one column share them).
    func weights(_ axis: Axis, _ o0: Int, _ count: Int, sourceStart: Int) -> Weights {
        let key = WeightsKey(axis: axis, o0: o0, count: count)
        if let w = cache.get(key) { return w }
        let w =
            axis == .x
            ? Weights(o0, count, scale: sx, widen: wx, sourceStart: sourceStart, kernel: kernel)
            : Weights(o0, count, scale: sy, widen: wy, sourceStart: sourceStart, kernel: kernel)
        cache.put(key, w)
        return w
    }
}
