import Foundation

/// A separable Lanczos-3 resampler: the image scaled by (sx, sy) about the origin.
/// Output pixel centre X + ½ reads source position (X + ½)/sx; the kernel
/// L(t) = sinc(t)·sinc(t/3), |t| < 3, is widened by 1/s when shrinking (so every source
/// pixel contributes: area-correct, no aliasing), and each output's weights are normalised
/// to sum to 1. Horizontal pass first (over the source rows the tile needs), then vertical.
/// Lua: `img | CILanczosScaleTransform{scale = 0.5}`
public final class LanczosScaleNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let sx: Double, sy: Double
    /// Kernel widening per axis: max(1, 1/s).
    let wx: Double, wy: Double

    public init(_ input: Image, sx: Double, sy: Double) {
        inputs = [input]; self.sx = sx; self.sy = sy
        wx = max(1, 1 / sx); wy = max(1, 1 / sy)
    }

    public var kind: NodeKind { .warp }
    public var extent: Rect {
        let e = inputs[0].extent
        if e.isInfinite || e.isEmpty { return e }
        return Rect(e.x * sx, e.y * sy, e.width * sx, e.height * sy)
    }

    /// Lanczos-3 at `t` (in kernel units).
    @inline(__always) public static func kernel(_ t: Double) -> Double {
        if t == 0 { return 1 }
        if abs(t) >= 3 { return 0 }
        let a = Double.pi * t
        return 3 * sin(a) * sin(a / 3) / (a * a)
    }

    /// Source pixel index range [lo, hi) read along one axis for outputs [o0, o1).
    static func span(_ o0: Int, _ o1: Int, scale s: Double, widen w: Double) -> (Int, Int) {
        let lo = (Double(o0) + 0.5) / s - 3 * w, hi = (Double(o1) - 0.5) / s + 3 * w
        return (Int(lo.rounded(.down)) - 1, Int(hi.rounded(.up)) + 3)
    }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        let (x0, x1) = Self.span(rect.x, rect.maxX, scale: sx, widen: wx)
        let (y0, y1) = Self.span(rect.y, rect.maxY, scale: sy, widen: wy)
        return Rect(Double(x0), Double(y0), Double(x1 - x0), Double(y1 - y0)).intersection(inputs[0].extent)
    }

    /// Per output index: the first source index and `taps` weights (zero-padded).
    struct Weights {
        var first: [Int] = []
        var w: [Float] = []
        var taps = 0
        init(_ o0: Int, _ count: Int, scale s: Double, widen wd: Double, sourceStart: Int) {
            taps = Int((6 * wd).rounded(.up)) + 2
            for o in o0..<(o0 + count) {
                let c = (Double(o) + 0.5) / s
                let start = Int((c - 3 * wd - 0.5).rounded(.up))
                var ws = [Double](repeating: 0, count: taps)
                var sum = 0.0
                for k in 0..<taps {
                    let v = LanczosScaleNode.kernel((Double(start + k) + 0.5 - c) / wd)
                    ws[k] = v; sum += v
                }
                first.append(start - sourceStart)
                w += ws.map { Float(sum != 0 ? $0 / sum : 0) }
            }
        }
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let dst = PixelBuffer(rect)
        let (x0, x1) = Self.span(rect.x, rect.maxX, scale: sx, widen: wx)
        let (y0, y1) = Self.span(rect.y, rect.maxY, scale: sy, widen: wy)
        let srcRect = IRect(x0, y0, x1 - x0, y1 - y0)
        let src = session.borrow(inputs[0], srcRect) ?? session.render(inputs[0], srcRect)
        let hw = Weights(rect.x, rect.width, scale: sx, widen: wx, sourceStart: x0)
        let vw = Weights(rect.y, rect.height, scale: sy, widen: wy, sourceStart: y0)
        let w = rect.width
        let tmp = PixelBuffer(IRect(rect.x, y0, w, srcRect.height))
        hw.w.withUnsafeBufferPointer { k in
            for ly in 0..<srcRect.height {
                let s = src.row(ly + y0 - src.rect.y) + (x0 - src.rect.x), t = tmp.row(ly)
                for x in 0..<w {
                    let p = s + hw.first[x], kk = k.baseAddress! + x * hw.taps
                    var acc = Pixel.zero
                    for i in 0..<hw.taps { acc += p[i] * kk[i] }
                    t[x] = acc
                }
            }
        }
        vw.w.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: vw.taps) { rows in
                for y in 0..<rect.height {
                    for i in 0..<vw.taps { rows[i] = UnsafePointer(tmp.row(vw.first[y] + i)) }
                    Convolution.vertical(rows.baseAddress!, dst.row(y), w, k.baseAddress! + y * vw.taps, vw.taps)
                }
            }
        }
        dst.clear(outside: IRect.clipping(extent, to: rect))
        return dst
    }
}
