import Foundation

/// A reduction (Core Image's CIAreaAverage family): reads `area` of its input once, whole,
/// and produces a small image over `extent` (1×1, N×1, 1×H, …). The value is computed the
/// first time any tile asks for it, by `reduce` (which renders the input through
/// `Context.forEachTile(concurrently:)`), and kept for later tiles and renders.
/// Lua: `img:average()`, `img | CIAreaAverage{extent = img.extent}`
public final class ReductionNode: ImageNode, @unchecked Sendable {
    public typealias Reduce = @Sendable (_ input: Image, _ area: IRect) -> PixelBuffer
    public let inputs: [Image]
    /// The pixels of the input read (already clipped to the input's extent).
    public let area: IRect
    public let extent: Rect
    let reduce: Reduce
    let lock = NSLock()
    var value: PixelBuffer?

    /// `reduce` returns a buffer covering `extent` (integral); `rect` must be finite, and `area`
    /// is its pixels inside the input's extent (outside it the input is transparent).
    public init(_ input: Image, rect: Rect, extent: Rect, _ reduce: @escaping Reduce) {
        inputs = [input]
        area = IRect.clipping(input.extent, to: IRect(covering: rect))
        self.extent = extent
        self.reduce = reduce
    }

    public var kind: NodeKind { .reduction }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { area.isEmpty ? .null : area.rect }

    /// The reduced pixels (computed once).
    public func reduced() -> PixelBuffer {
        lock.lock(); defer { lock.unlock() }
        if let value { return value }
        let v = reduce(inputs[0], area)
        if !RenderSession.abandoned { value = v }  // a cancelled render keeps nothing
        return v
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = session.output(rect, zeroed: true)
        out.copy(from: reduced())
        return out
    }
}

extension Context {
    /// Calls `body` with every tile of `rect` of `image` (a view whose rect is the tile),
    /// on all cores and in no particular order: `body` must merge its results under a lock.
    /// Pixels already in memory are read in place. Reductions use it.
    public func forEachTile(concurrently image: Image, rect: IRect, _ body: @escaping @Sendable (PixelBuffer) -> Void) {
        guard !rect.isEmpty else { return }
        let bands = Self.isPointwise(image)
        let tw = bands ? rect.width : tileSize
        let th = bands ? max(1, min(rect.height, Self.bandPixels / max(1, rect.width))) : tileSize
        let shared = RenderSession.sharedNodes(of: image)
        performTiles(Self.tileGrid(rect, width: tw, height: th), depth: image.depth) { t in
            let session = RenderSession(shared: shared)
            if let b = session.borrow(image, t) {
                let view = PixelBuffer(borrowing: b.row(t.y - b.rect.y) + (t.x - b.rect.x), rect: t, stride: b.stride)
                withExtendedLifetime(b) { body(view) }
            } else {
                body(session.render(image, t))
            }
        }
    }
}
