import Foundation

/// Renders one tile: pulls inputs through the graph with exactly their regions of
/// interest, computing a node that feeds several consumers once per tile.
public final class RenderSession {
    let shared: Set<ObjectIdentifier>
    var memo: [ObjectIdentifier: (IRect, PixelBuffer)] = [:]

    /// Where the renderer wants the tile: the first node asking `output` for exactly this
    /// rect gets it, so kernels write straight into the final image. Its rows may be
    /// further apart than its width (a tile of a larger image): address them by `row(_:)`.
    var destination: PixelBuffer?

    init(shared: Set<ObjectIdentifier>) { self.shared = shared }

    /// A buffer for a node's output over `rect`: the renderer's destination when it is for
    /// this rect and still free, else a new one (zero-filled when `zeroed`).
    public func output(_ rect: IRect, zeroed: Bool) -> PixelBuffer {
        if let d = destination, d.rect == rect {
            destination = nil
            if zeroed { d.clearAll() }
            return d
        }
        return zeroed ? PixelBuffer(rect) : PixelBuffer(uninitialized: rect)
    }

    /// Past the deadline (or cancelled) the render is thrown away: nodes stop pulling pixels
    /// and keep nothing they made since (a cached block of zeros would outlive the render).
    static var abandoned: Bool { Limits.deadlinePassed || Cancellation.isRequested }

    /// The pixels of `image` over `rect`, in a buffer the caller owns.
    public func render(_ image: Image, _ rect: IRect) -> PixelBuffer {
        let node = image.node
        let ext = image.extent
        if ext.isEmpty || IRect.clipping(ext, to: rect).isEmpty { return PixelBuffer(rect) }
        if Self.abandoned { return PixelBuffer(rect) }
        let id = ObjectIdentifier(node)
        guard shared.contains(id) else { return node.render(rect, self) }
        if let (r, buf) = memo[id], r == rect {
            let copy = PixelBuffer(uninitialized: rect)
            copy.copy(from: buf)
            return copy
        }
        let out = node.render(rect, self)
        let keep = PixelBuffer(uninitialized: rect)
        keep.copy(from: out)
        memo[id] = (rect, keep)
        return out
    }

    /// Pixels of `image` over `rect` that already sit in memory (a loaded image, seen through
    /// clamps and crops that change nothing there), to read in place instead of copying;
    /// nil when they would have to be rendered. Never write into the result.
    public func borrow(_ image: Image, _ rect: IRect) -> PixelBuffer? {
        let node = image.node
        if let s = node as? SourceNode { return s.buffer.rect.intersection(rect) == rect ? s.buffer : nil }
        if let c = node as? ClampNode { return c.box.intersection(rect) == rect ? borrow(c.inputs[0], rect) : nil }
        if let c = node as? CropNode {
            return IRect.clipping(c.pixelRect, to: rect) == rect ? borrow(c.inputs[0], rect) : nil
        }
        return nil
    }

    /// The nodes of `image`'s graph that more than one consumer reads.
    static func sharedNodes(of image: Image) -> Set<ObjectIdentifier> {
        var seen = Set<ObjectIdentifier>(), shared = Set<ObjectIdentifier>()
        var stack = [image]
        while let img = stack.popLast() {
            for input in img.node.inputs {
                let id = ObjectIdentifier(input.node)
                if seen.contains(id) { shared.insert(id) } else { seen.insert(id); stack.append(input) }
            }
        }
        return shared
    }
}

/// A process-wide request to stop rendering (Ctrl-C in the REPL), and the current thread's
/// `CancelToken` (one render's); renders check both per tile.
public enum Cancellation {
    static let lock = NSLock()
    nonisolated(unsafe) static var requested = false

    /// Another source of requests (the console's SIGINT flag), polled with the lock held.
    nonisolated(unsafe) public static var external: (@Sendable () -> Bool)?

    public static func request() { lock.lock(); requested = true; lock.unlock() }
    public static func reset() { lock.lock(); requested = false; lock.unlock() }
    public static var isRequested: Bool {
        if current?.isCancelled == true { return true }
        lock.lock(); defer { lock.unlock() }
        return requested || external?() == true
    }

    /// Throws "interrupted" (and clears the request) if one is pending, or "render cancelled"
    /// when this thread's token is cancelled (the token stays cancelled).
    public static func check() throws {
        if current?.isCancelled == true { throw cancelledError }
        lock.lock(); defer { lock.unlock() }
        if requested || external?() == true { requested = false; throw LunetteError(.script, "interrupted") }
    }
}

/// Renders images: splits a rect into tiles and renders them on all cores
/// (`LUNETTE_THREADS` overrides). Lua: used by `img:save` and `img:pixel`.
public struct Context: Sendable {
    public var threads: Int
    public var tileSize: Int

    public init(threads: Int? = nil, tileSize: Int = 256) {
        _ = MemoryTuning.applied
        let env = ProcessInfo.processInfo.environment["LUNETTE_THREADS"].flatMap { Int($0) }
        self.threads = max(1, threads ?? env ?? ProcessInfo.processInfo.activeProcessorCount)
        self.tileSize = tileSize
    }

    /// The rect to render for an image: its extent, which must be finite.
    public static func renderRect(for image: Image) throws -> IRect {
        let e = image.extent
        if e.isInfinite { throw LunetteError.invalid("cannot render an image with an infinite extent; crop it first") }
        if e.isEmpty { throw LunetteError.invalid("cannot render an image with an empty extent") }
        try Limits.check(e, what: "render")
        let r = IRect(covering: e)
        try Limits.check(width: r.width, height: r.height, what: "render")
        return r
    }

    /// Renders `rect` of `image` into one buffer.
    public func render(_ image: Image, rect: IRect) throws -> PixelBuffer {
        try Limits.check(width: rect.width, height: rect.height, what: "render")
        try Limits.checkDepth(image, what: "render")
        try Context.preflight(image, rect: rect, tileSize: tileSize)
        let out = PixelBuffer(uninitialized: rect)  // every tile is copied in
        renderTiles(image, rect: rect, into: out)
        try Cancellation.check()
        try Self.checkFailures(Self.streamingSources(of: image))
        try Limits.checkDeadline()
        return out
    }

    /// Renders `rect` in horizontal strips from the top row down, handing each strip
    /// to `body` in order; memory stays bounded by one strip (plus halos), and streaming
    /// sources drop the rows the strips below cannot read.
    public func renderStrips(
        _ image: Image, rect: IRect, stripHeight: Int = 256,
        _ body: (PixelBuffer) throws -> Void
    ) throws {
        try Limits.checkDepth(image, what: "render")
        try Context.preflight(image, rect: rect, tileSize: min(tileSize, stripHeight))
        let sources = Self.streamingSources(of: image)
        defer { Self.releaseRows(sources, of: image, rest: IRect(rect.x, rect.y, 0, 0)) }  // also when a strip fails
        var top = rect.maxY
        while top > rect.y {
            let h = min(stripHeight, top - rect.y)
            let strip = PixelBuffer(uninitialized: IRect(rect.x, top - h, rect.width, h))
            renderTiles(image, rect: strip.rect, into: strip)
            try Cancellation.check()
            try Self.checkFailures(sources)
            try Limits.checkDeadline()
            top -= h
            Self.releaseRows(sources, of: image, rest: IRect(rect.x, rect.y, rect.width, top - rect.y))
            try body(strip)
        }
    }

    func renderTiles(_ image: Image, rect: IRect, into out: PixelBuffer) {
        // A graph of point nodes and sources renders in bands across the whole width, others
        // in squares; each straight into its rows of `out` where its last node asks for an
        // output buffer (no tile buffer, no copy).
        let direct = out.rect == rect
        let bands = Self.isPointwise(image) && direct
        let tileWidth = bands ? rect.width : tileSize
        let tileHeight = bands ? max(1, min(rect.height, Self.bandPixels / max(1, rect.width))) : tileSize
        let shared = RenderSession.sharedNodes(of: image)
        performTiles(Self.tileGrid(rect, width: tileWidth, height: tileHeight), depth: image.depth) { t in
            let session = RenderSession(shared: shared)
            if direct {
                let view = PixelBuffer(borrowing: out.row(t.y - rect.y) + (t.x - rect.x), rect: t, stride: out.stride)
                session.destination = view
                let buf = session.render(image, t)
                if buf !== view { view.copy(from: buf) }
            } else {
                out.copy(from: session.render(image, t))
            }
        }
    }
}

extension Context {
    /// Pixels per band when a pointwise graph renders in full-width bands (1 MiB).
    static let bandPixels = 1 << 16

    /// True when every node of the graph reads each input pixel only at its own position
    /// (sources, point nodes, generators), so bands need no halo.
    static func isPointwise(_ image: Image) -> Bool {
        var seen = Set<ObjectIdentifier>()
        var stack = [image]
        while let img = stack.popLast() {
            guard seen.insert(ObjectIdentifier(img.node)).inserted else { continue }
            switch img.node.kind {
            case .source, .point, .generator: stack += img.node.inputs
            default: return false
            }
        }
        return true
    }
}
