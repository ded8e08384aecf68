import Foundation

/// Renders one tile: pulls inputs through the graph with exactly their regions of
/// interest, computing a node that feeds several consumers once per tile.
public final class RenderSession {
    let shared: Set<ObjectIdentifier>
    var memo: [ObjectIdentifier: (IRect, PixelBuffer)] = [:]

    init(shared: Set<ObjectIdentifier>) { self.shared = shared }

    /// The pixels of `image` over `rect`, in a buffer the caller owns.
    public func render(_ image: Image, _ rect: IRect) -> PixelBuffer {
        let node = image.node
        let ext = image.extent
        if ext.isEmpty || IRect.clipping(ext, to: rect).isEmpty { return PixelBuffer(rect) }
        // Past the deadline (or cancelled) the result is thrown away: stop pulling pixels.
        if Limits.deadlinePassed || Cancellation.isRequested { return PixelBuffer(rect) }
        let id = ObjectIdentifier(node)
        guard shared.contains(id) else { return node.render(rect, self) }
        if let (r, buf) = memo[id], r == rect {
            let copy = PixelBuffer(rect)
            copy.pixels.update(from: buf.pixels, count: rect.count)
            return copy
        }
        let out = node.render(rect, self)
        let keep = PixelBuffer(rect)
        keep.pixels.update(from: out.pixels, count: rect.count)
        memo[id] = (rect, keep)
        return out
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

/// A process-wide request to stop rendering (Ctrl-C in the REPL); renders check it per tile.
public enum Cancellation {
    static let lock = NSLock()
    nonisolated(unsafe) static var requested = false

    public static func request() { lock.lock(); requested = true; lock.unlock() }
    public static func reset() { lock.lock(); requested = false; lock.unlock() }
    public static var isRequested: Bool { lock.lock(); defer { lock.unlock() }; return requested }

    /// Throws "interrupted" (and clears the request) if one is pending.
    public static func check() throws {
        lock.lock(); defer { lock.unlock() }
        if requested { requested = false; throw LunetteError(.script, "interrupted") }
    }
}

/// Renders images: splits a rect into tiles and renders them on all cores
/// (`LUNETTE_THREADS` overrides). Lua: used by `img:save` and `img:pixel`.
public struct Context: Sendable {
    public var threads: Int
    public var tileSize: Int

    public init(threads: Int? = nil, tileSize: Int = 256) {
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
        let out = PixelBuffer(rect)
        renderTiles(image, rect: rect, into: out)
        try Cancellation.check()
        try Limits.checkDeadline()
        return out
    }

    /// Renders `rect` in horizontal strips from the top row down, handing each strip
    /// to `body` in order; memory stays bounded by one strip (plus halos).
    public func renderStrips(_ image: Image, rect: IRect, stripHeight: Int = 256,
                             _ body: (PixelBuffer) throws -> Void) throws {
        try Limits.checkDepth(image, what: "render")
        try Context.preflight(image, rect: rect, tileSize: min(tileSize, stripHeight))
        var top = rect.maxY
        while top > rect.y {
            let h = min(stripHeight, top - rect.y)
            let strip = PixelBuffer(IRect(rect.x, top - h, rect.width, h))
            renderTiles(image, rect: strip.rect, into: strip)
            try Cancellation.check()
            try Limits.checkDeadline()
            try body(strip)
            top -= h
        }
    }

    func renderTiles(_ image: Image, rect: IRect, into out: PixelBuffer) {
        var tiles: [IRect] = []
        var y = rect.y
        while y < rect.maxY {
            var x = rect.x
            let h = min(tileSize, rect.maxY - y)
            while x < rect.maxX {
                tiles.append(IRect(x, y, min(tileSize, rect.maxX - x), h))
                x += tileSize
            }
            y += h
        }
        let shared = RenderSession.sharedNodes(of: image)
        let lock = NSLock()
        nonisolated(unsafe) var next = 0
        let workers = min(threads, tiles.count)
        let work: (Int) -> Void = { _ in
            while true {
                lock.lock(); let i = next; next += 1; lock.unlock()
                guard i < tiles.count, !Cancellation.isRequested, !Limits.deadlinePassed else { return }
                let buf = RenderSession(shared: shared).render(image, tiles[i])
                out.copy(from: buf)
            }
        }
        if workers <= 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
    }
}
