import Foundation

/// An affine transform of an image, sampled at pixel centres bilinearly, or nearest when the
/// input asks for it (`Image.samplingNearest()`); integer translations copy pixels exactly.
public final class AffineWarpNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let transform: Transform
    let inverse: Transform?

    let mode: SamplingMode

    public init(_ input: Image, _ transform: Transform) {
        inputs = [input]; self.transform = transform; inverse = transform.inverted(); mode = input.sampling
    }

    public var kind: NodeKind { .warp }
    public var extent: Rect { inverse == nil ? .null : transform.apply(inputs[0].extent) }
    public var isOpaque: Bool { integerShift != nil && inputs[0].isOpaque }

    var integerShift: (Int, Int)? {
        let t = transform
        guard t.a == 1, t.b == 0, t.c == 0, t.d == 1, t.tx == t.tx.rounded(), t.ty == t.ty.rounded(),
            abs(t.tx) < 1e9, abs(t.ty) < 1e9
        else { return nil }
        return (Int(t.tx), Int(t.ty))
    }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        guard let inv = inverse else { return .null }
        if let (dx, dy) = integerShift { return IRect(rect.x - dx, rect.y - dy, rect.width, rect.height).rect }
        return inv.apply(rect.rect).insetBy(-1, -1).intersection(inputs[0].extent.insetBy(-1, -1))
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        guard let inv = inverse else { return PixelBuffer(rect) }
        if let (dx, dy) = integerShift {
            let from = IRect(rect.x - dx, rect.y - dy, rect.width, rect.height)
            let src = session.borrow(inputs[0], from) ?? session.render(inputs[0], from)
            let out = session.output(rect, zeroed: false)  // every row is copied in
            for ly in 0..<rect.height {
                out.row(ly).update(from: src.row(from.y - src.rect.y + ly) + (from.x - src.rect.x), count: rect.width)
            }
            return out
        }
        let roi = IRect.clipping(regionOfInterest(for: rect, input: 0), to: rect.grown(1 << 28, 1 << 28))
        // Outside its extent the input is transparent, as outside the buffer: only the part of
        // `roi` inside the extent is needed, so a loaded image covers it more often.
        let need = IRect.clipping(inputs[0].extent, to: roi)
        guard !need.isEmpty else { return session.output(rect, zeroed: true) }
        // Samples only fall inside `need`, so a loaded image covering it is read in place.
        let src = session.borrow(inputs[0], need) ?? session.render(inputs[0], need)
        let out = session.output(rect, zeroed: false)  // sampleRow writes every pixel
        for ly in 0..<rect.height {
            Self.sampleRow(src, inv, x: rect.x, y: rect.y + ly, count: rect.width, into: out.row(ly), mode: mode)
        }
        return out
    }
}

/// Extends the edge pixels of a finite image forever (the clamp of CIAffineClamp).
public final class ClampNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    let box: IRect
    public init(_ input: Image) {
        inputs = [input]
        box = IRect(covering: input.extent)
    }
    public var kind: NodeKind { .warp }
    public var extent: Rect { .infinite }
    public var isOpaque: Bool { inputs[0].isOpaque }

    @inline(__always) func clampX(_ x: Int) -> Int { min(max(x, box.x), box.maxX - 1) }
    @inline(__always) func clampY(_ y: Int) -> Int { min(max(y, box.y), box.maxY - 1) }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        guard !box.isEmpty else { return .null }
        let x0 = clampX(rect.x), y0 = clampY(rect.y)
        return Rect(Double(x0), Double(y0), Double(clampX(rect.maxX - 1) - x0 + 1), Double(clampY(rect.maxY - 1) - y0 + 1))
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        // Inside the box the clamp changes nothing: hand the input's pixels through.
        if !box.isEmpty, box.intersection(rect) == rect { return session.render(inputs[0], rect) }
        guard !box.isEmpty else { return PixelBuffer(rect) }
        let out = PixelBuffer(uninitialized: rect)  // every pixel is written below
        let src = session.render(inputs[0], IRect(covering: regionOfInterest(for: rect, input: 0)))
        // Per row: the edge pixel repeated left of the box, the box's run copied, the other
        // edge pixel repeated right of it.
        let x0 = clampX(rect.x), x1 = clampX(rect.maxX - 1)
        let left = min(rect.width, max(0, box.x - rect.x)), right = min(rect.width - left, max(0, rect.maxX - box.maxX))
        let middle = rect.width - left - right
        for ly in 0..<rect.height {
            let row = out.row(ly)
            let srow = src.row(clampY(rect.y + ly) - src.rect.y)
            if left > 0 { row.update(repeating: srow[x0 - src.rect.x], count: left) }
            if middle > 0 { (row + left).update(from: srow + (rect.x + left - src.rect.x), count: middle) }
            if right > 0 { (row + left + middle).update(repeating: srow[x1 - src.rect.x], count: right) }
        }
        return out
    }
}

/// Sampling helpers on pixel buffers (pixel centres at +0.5, zero outside the buffer).
public enum Sampler {
    @inline(__always) public static func bilinear(_ b: PixelBuffer, _ x: Double, _ y: Double) -> Pixel {
        let fx = x - 0.5, fy = y - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = Float(fx - Double(x0)), ty = Float(fy - Double(y0))
        let lx = x0 - b.rect.x, ly = y0 - b.rect.y
        let p00, p10, p01, p11: Pixel
        if lx >= 0, ly >= 0, lx + 1 < b.rect.width, ly + 1 < b.rect.height {
            // All four inside: read them straight from the rows.
            let r0 = b.row(ly) + lx, r1 = b.row(ly + 1) + lx
            p00 = r0[0]; p10 = r0[1]; p01 = r1[0]; p11 = r1[1]
        } else {
            p00 = b[x0, y0]; p10 = b[x0 + 1, y0]; p01 = b[x0, y0 + 1]; p11 = b[x0 + 1, y0 + 1]
        }
        let bottom = p00 + (p10 - p00) * tx
        let top = p01 + (p11 - p01) * tx
        return bottom + (top - bottom) * ty
    }
}

/// A general warp: each destination pixel centre maps to one source position (or none,
/// for transparent), sampled bilinearly (or nearest, as the input's `sampling` says). `sourceRegion` bounds the source positions a
/// destination rect can map to (it becomes the input's region of interest).
public final class WarpNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let extent: Rect
    let sourceRegion: @Sendable (IRect) -> Rect
    let map: @Sendable (Double, Double) -> Point?

    public init(
        _ input: Image, extent: Rect, sourceRegion: @escaping @Sendable (IRect) -> Rect,
        map: @escaping @Sendable (Double, Double) -> Point?
    ) {
        inputs = [input]; self.extent = extent; self.sourceRegion = sourceRegion; self.map = map
    }

    public var kind: NodeKind { .warp }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        sourceRegion(rect).insetBy(-1, -1).intersection(inputs[0].extent.insetBy(-1, -1))
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = PixelBuffer(rect)
        let roi = IRect.clipping(regionOfInterest(for: rect, input: 0), to: rect.grown(1 << 28, 1 << 28))
        guard !roi.isEmpty else { return out }
        let src = session.render(inputs[0], roi)
        let keep = IRect.clipping(extent, to: rect)
        let mode = inputs[0].sampling
        for y in keep.y..<keep.maxY {
            let row = out.row(y - rect.y)
            for x in keep.x..<keep.maxX {
                if let p = map(Double(x) + 0.5, Double(y) + 0.5) { row[x - rect.x] = Sampler.sample(src, p.x, p.y, mode) }
            }
        }
        return out
    }
}
