import Foundation

/// A warp whose source is the input's `box` repeated forever in both directions: each
/// destination pixel centre maps to a source position (or none, for transparent), sampled
/// bilinearly (or nearest, as the input's `sampling` says) with the taps wrapped into the
/// box, so tile seams interpolate across the period instead of into transparency. Infinite
/// extent. `sourceRegion` bounds the unwrapped source positions of a destination rect (nil
/// when unbounded); it is wrapped into the box to make the region of interest, which never
/// exceeds the box however far the warp reaches.
public final class PeriodicWarpNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let box: IRect
    let sourceRegion: @Sendable (IRect) -> Rect?
    let map: @Sendable (Double, Double) -> Point?

    public init(
        _ input: Image, box: IRect, sourceRegion: @escaping @Sendable (IRect) -> Rect?,
        map: @escaping @Sendable (Double, Double) -> Point?
    ) {
        inputs = [input]; self.box = box; self.sourceRegion = sourceRegion; self.map = map
    }

    public var kind: NodeKind { .warp }
    public var extent: Rect { box.isEmpty ? .null : .infinite }

    /// The box rows or columns `lo…hi` (inclusive tap indices) need, wrapped into `start ..< start + n`.
    static func wrapped(_ lo: Double, _ hi: Double, _ start: Int, _ n: Int) -> (Int, Int) {
        guard lo.isFinite, hi.isFinite, hi - lo < Double(n - 1) else { return (start, start + n - 1) }
        let a = Int(lo), b = Int(hi)
        let wa = start + ((a - start) % n + n) % n
        let wb = wa + (b - a)
        return wb < start + n ? (wa, wb) : (start, start + n - 1)
    }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        guard !box.isEmpty else { return .null }
        guard let s = sourceRegion(rect), !s.isEmpty, !s.isInfinite,
            abs(s.minX) < 1e15, abs(s.maxX) < 1e15, abs(s.minY) < 1e15, abs(s.maxY) < 1e15
        else { return box.rect }
        // Bilinear taps of a position x are floor(x − ½) and the next column.
        let (x0, x1) = Self.wrapped((s.minX - 0.5).rounded(.down), (s.maxX - 0.5).rounded(.down) + 1, box.x, box.width)
        let (y0, y1) = Self.wrapped((s.minY - 0.5).rounded(.down), (s.maxY - 0.5).rounded(.down) + 1, box.y, box.height)
        return Rect(Double(x0), Double(y0), Double(x1 - x0 + 1), Double(y1 - y0 + 1))
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = PixelBuffer(rect)
        guard !box.isEmpty else { return out }
        let roi = IRect(covering: regionOfInterest(for: rect, input: 0))
        let src = session.render(inputs[0], roi)
        let bx = box.x, by = box.y, bw = box.width, bh = box.height
        @inline(__always) func wrap(_ v: Int, _ start: Int, _ n: Int) -> Int { start + ((v - start) % n + n) % n }
        let nearest = inputs[0].sampling == .nearest
        for ly in 0..<rect.height {
            let row = out.row(ly)
            let cy = Double(rect.y + ly) + 0.5
            for lx in 0..<rect.width {
                guard let p = map(Double(rect.x + lx) + 0.5, cy), abs(p.x) < 1e15, abs(p.y) < 1e15 else { continue }
                if nearest {
                    row[lx] = src[wrap(Int(p.x.rounded(.down)), bx, bw), wrap(Int(p.y.rounded(.down)), by, bh)]
                    continue
                }
                let fx = p.x - 0.5, fy = p.y - 0.5
                let fx0 = fx.rounded(.down), fy0 = fy.rounded(.down)
                let tx = Float(fx - fx0), ty = Float(fy - fy0)
                let x0 = wrap(Int(fx0), bx, bw), x1 = wrap(Int(fx0) + 1, bx, bw)
                let y0 = wrap(Int(fy0), by, bh), y1 = wrap(Int(fy0) + 1, by, bh)
                let p00 = src[x0, y0], p10 = src[x1, y0], p01 = src[x0, y1], p11 = src[x1, y1]
                let bottom = p00 + (p10 - p00) * tx
                let top = p01 + (p11 - p01) * tx
                row[lx] = bottom + (top - bottom) * ty
            }
        }
        return out
    }
}
