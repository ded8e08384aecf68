import Foundation

/// A node that can move its output by a sub-pixel offset exactly: it evaluates itself at the
/// moved positions instead of having its pixels resampled.
protocol SubpixelShiftable {
    /// The node's image moved by (dx, dy): the new image at p is the old one at p − (dx, dy).
    func shifted(_ dx: Double, _ dy: Double) -> Image
}

extension Image {
    /// The image as Core Image's `createCGImage(image, from: image.extent)` renders it: an
    /// extent whose corners are not whole is rendered on its own pixel grid, anchored at its
    /// top-left corner (the picture's first pixel is centred at (minX + ½, maxY − ½)), with
    /// ⌈width⌉ × ⌈height⌉ pixels, not on the whole pixels covering it. Lunette renders
    /// whole-pixel rects, so the image is moved onto the grid by the corner's fraction: warps,
    /// generators, crops and affine transforms are evaluated at the moved positions; any
    /// other node is resampled bilinearly, as Core Image samples a bitmap there. An extent
    /// with whole minX and maxY returns the image itself.
    /// Lua: `img:cropped(Rect(0.5, 0.5, 10, 10)):save("out.png")` (10 × 10 pixels, centred at 1, 2, …)
    public func onExtentGrid() -> Image {
        let e = extent
        guard !e.isInfinite, !e.isEmpty else { return self }
        let dx = Self.gridShift(e.minX, to: .down), dy = Self.gridShift(e.maxY, to: .up)
        return dx == 0 && dy == 0 ? self : shifted(dx, dy)
    }

    /// The move (under one pixel) that takes `edge` to the whole pixel `rule` rounds it to; 0
    /// within 1e-6 of a whole pixel, where the difference is float noise, not a grid.
    static func gridShift(_ edge: Double, to rule: FloatingPointRoundingRule) -> Double {
        guard abs(edge) < 1e15, abs(edge - edge.rounded()) > 1e-6 else { return 0 }
        return edge.rounded(rule) - edge
    }

    /// The image moved by (dx, dy), exactly where its node can evaluate itself there.
    func shifted(_ dx: Double, _ dy: Double) -> Image {
        if let node = node as? SubpixelShiftable { return node.shifted(dx, dy) }
        return Image(AffineWarpNode(self, .translation(dx, dy)))
    }
}

extension Rect {
    /// The rect moved by (dx, dy); infinite and empty rects stay as they are.
    func offsetBy(_ dx: Double, _ dy: Double) -> Rect {
        isInfinite || isEmpty ? self : Rect(x + dx, y + dy, width, height)
    }
}

extension CropNode: SubpixelShiftable {
    func shifted(_ dx: Double, _ dy: Double) -> Image {
        Image(CropNode(inputs[0].shifted(dx, dy), rect.offsetBy(dx, dy)))
    }
}

extension GeneratorNode: SubpixelShiftable {
    func shifted(_ dx: Double, _ dy: Double) -> Image {
        let f = function
        return Image(GeneratorNode(extent: extent.offsetBy(dx, dy), opaque: isOpaque) { x, y in f(x - dx, y - dy) })
    }
}

extension AffineWarpNode: SubpixelShiftable {
    func shifted(_ dx: Double, _ dy: Double) -> Image {
        Image(AffineWarpNode(inputs[0], transform.concatenating(.translation(dx, dy))))
    }
}

extension WarpNode: SubpixelShiftable {
    func shifted(_ dx: Double, _ dy: Double) -> Image {
        let region = sourceRegion, map = map
        return Image(
            WarpNode(
                inputs[0], extent: extent.offsetBy(dx, dy),
                sourceRegion: { r in region(IRect(covering: r.rect.offsetBy(-dx, -dy))) },
                map: { x, y in map(x - dx, y - dy) }))
    }
}
