import Foundation

/// An integer upscale with nearest-neighbour sampling: each source pixel becomes a k×k
/// block, so generator output (barcode modules) stays crisp. Lua: `img:scaledNearest(8)`
public final class NearestScaleNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let factor: Int

    public init(_ input: Image, factor: Int) { inputs = [input]; self.factor = factor }

    public var kind: NodeKind { .warp }
    public var isOpaque: Bool { inputs[0].isOpaque }
    public var extent: Rect {
        let e = inputs[0].extent
        if e.isInfinite || e.isEmpty { return e }
        let k = Double(factor)
        return Rect(e.x * k, e.y * k, e.width * k, e.height * k)
    }

    @inline(__always) func down(_ v: Int) -> Int { v >= 0 ? v / factor : -((-v + factor - 1) / factor) }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        let x0 = down(rect.x), y0 = down(rect.y)
        return IRect(x0, y0, down(rect.maxX - 1) - x0 + 1, down(rect.maxY - 1) - y0 + 1).rect
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let src = session.render(inputs[0], IRect(covering: regionOfInterest(for: rect, input: 0)))
        let out = PixelBuffer(rect)
        for ly in 0..<rect.height {
            let srow = src.row(down(rect.y + ly) - src.rect.y)
            let row = out.row(ly)
            for lx in 0..<rect.width { row[lx] = srow[down(rect.x + lx) - src.rect.x] }
        }
        return out
    }
}

extension Image {
    /// The image `factor` times larger, nearest-neighbour. Lua: `img:scaledNearest(8)`
    public func scaledNearest(_ factor: Int) -> Image {
        factor == 1 ? self : Image(NearestScaleNode(self, factor: factor))
    }
}
