import Foundation

extension Context {
    /// Renders `rect` of `image` one tile at a time on the calling thread, rows of tiles
    /// from the top down and left to right within a row, handing each tile's own buffer to
    /// `body` (no copy into a strip): for sinks that consume pixels tile by tile, like the
    /// y4m encoder of `lunette video`. Streaming sources drop the rows below each tile row.
    public func forEachTile(
        _ image: Image, rect: IRect, tileWidth: Int, tileHeight: Int,
        _ body: (PixelBuffer) throws -> Void
    ) throws {
        try Limits.checkDepth(image, what: "render")
        try Context.preflight(image, rect: rect, tileSize: max(1, min(tileWidth, tileHeight)))
        let sources = Self.streamingSources(of: image)
        defer { Self.releaseRows(sources, of: image, rest: IRect(rect.x, rect.y, 0, 0)) }
        let shared = RenderSession.sharedNodes(of: image)
        var top = rect.maxY
        while top > rect.y {
            let h = min(max(1, tileHeight), top - rect.y)
            var x = rect.x
            while x < rect.maxX {
                let tile = IRect(x, top - h, min(max(1, tileWidth), rect.maxX - x), h)
                let pixels = Self.onDeepStack(depth: image.depth) { RenderSession(shared: shared).render(image, tile) }
                try Cancellation.check()
                try Self.checkFailures(sources)
                try Limits.checkDeadline()
                try body(pixels)
                x += tile.width
            }
            top -= h
            Self.releaseRows(sources, of: image, rest: IRect(rect.x, rect.y, rect.width, top - rect.y))
        }
    }
}

extension Context {
    /// `image` over `rect` in full-height strips about `stripWidth` wide (each starting an
    /// even number of columns into `rect`, at least two wide unless `rect` is narrower),
    /// every strip's rows handed to `body` one at a time from the bottom up, as (y, strip's
    /// first column, its width, the row's pixels; valid until four more rows of the strip
    /// have come): a small-σ Gaussian blur (under crops that keep `rect`) over point steps
    /// on a source that reads by rows (`GaussianBlurNode.streamRows`). False, having called
    /// nothing, for any other image. CLI: `lunette video`'s frames.
    public func forEachStreamedRow(
        _ image: Image, rect: IRect, stripWidth: Int,
        _ body: (_ y: Int, _ x: Int, _ width: Int, _ row: UnsafeMutablePointer<Pixel>) -> Void
    ) throws -> Bool {
        var node = image.node
        while let crop = node as? CropNode, IRect.clipping(crop.pixelRect, to: rect) == rect { node = crop.inputs[0].node }
        guard !rect.isEmpty, let blur = node as? GaussianBlurNode else { return false }
        let n = max(1, min((rect.width + max(2, stripWidth) - 1) / max(2, stripWidth), rect.width / 2))
        let edges = (0...n).map { i in i == n ? rect.maxX : rect.x + ((i * rect.width / n) & ~1) }
        let strips = (0..<n).map { IRect(edges[$0], rect.y, edges[$0 + 1] - edges[$0], rect.height) }
        let sources = strips.compactMap(blur.streamSource)
        guard sources.count == n else { return false }
        try Limits.checkDepth(image, what: "render")
        for (strip, source) in zip(strips, sources) {
            blur.streamRows(strip, from: source) { y, row in body(y, strip.x, strip.width, row) }
            try Cancellation.check()
            try Limits.checkDeadline()
        }
        return true
    }
}

extension Image {
    /// The chain of one-input point nodes at the top of this graph, peeled off: the image
    /// below them and their kernels in the order they run (innermost first), for sinks
    /// that run them on pixels already in cache. Only nodes whose extent covers `rect` are
    /// taken (they clear nothing there). Lua: the last colour steps of `lunette video`.
    public func peelingPointKernels(covering rect: IRect) -> (base: Image, kernels: [any PointKernel]) {
        let (base, nodes) = peelingPointNodes { $0.extent.contains(rect.rect) }
        return (base, nodes.reversed().map(\.kernel))
    }

    /// The one-input point nodes at the top of this graph, outermost first, for as long as
    /// `take` accepts them, and the image below the last.
    func peelingPointNodes(while take: (PointNode) -> Bool) -> (base: Image, nodes: [PointNode]) {
        var base = self
        var nodes: [PointNode] = []
        while let p = base.node as? PointNode, p.inputs.count == 1, take(p) {
            nodes.append(p)
            base = p.inputs[0]
        }
        return (base, nodes)
    }
}
