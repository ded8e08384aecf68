import CKernels
import Foundation

/// A neighbourhood filter that also runs on 8-bit codes (`AreaNode.codes`). Over opaque
/// codes it gives exactly the bytes its float kernel gives once encoded back to 8 bits: an
/// order statistic (the median, a minimum, a maximum) commutes with the strictly increasing
/// sRGB decode of each channel, premultiplying by alpha 1 changes nothing, and every code
/// decodes and encodes back to itself (tested). Swift: `try Context().render8(img8.median3x3(), rect: r)`
public enum CodeKernel: Sendable {
    case median3x3
    /// Disc dilation (`maximum`) or erosion over `spans` (`Neighbourhood.discSpans`).
    case disc(spans: [Int], maximum: Bool)

    /// How far it reads around an output pixel.
    var halo: Int {
        switch self {
        case .median3x3: return 1
        case .disc(let spans, _): return spans.count / 2
        }
    }

    /// The tiles `render8` cuts: the median runs along whole rows, 32 at a time; a disc in
    /// tiles at least twice its radius tall, so that the halo read twice stays a fraction.
    var tile: (width: Int, height: Int) {
        switch self {
        case .median3x3: return (Int.max, 32)
        case .disc: return (512, max(64, 2 * halo))
        }
    }
}

extension Context {
    /// Renders `rect` of `image` into 8-bit sRGB RGBA, the bytes a PNG writer gives for the
    /// float render (`lunette_encode8_row`). A rank filter (`CodeKernel`) of a `Source8Node`,
    /// seen through a clamp and crops that change nothing, runs on the codes instead in each
    /// tile whose source pixels are all opaque and inside the codes (or clamped to them);
    /// other tiles render in floats. Swift: `let bitmap = try Context().render8(img, rect: r)`
    public func render8(_ image: Image, rect: IRect) throws -> Bitmap8 {
        try Limits.check(width: rect.width, height: rect.height, what: "render")
        try Limits.checkDepth(image, what: "render")
        try Context.preflight(image, rect: rect, tileSize: tileSize)
        let out = Bitmap8(rect)
        let plan = CodePlan(image, rect: rect)
        let (tw, th) = plan?.kernel.tile ?? (tileSize, tileSize)
        let shared = RenderSession.sharedNodes(of: image)
        let lock = NSLock()
        nonisolated(unsafe) var fromCodes = 0
        performTiles(Self.tileGrid(rect, width: tw, height: th), depth: image.depth) { tile in
            if let plan, plan.render(tile, into: out) {
                lock.lock(); fromCodes += tile.count; lock.unlock()
                return
            }
            let pixels = RenderSession(shared: shared).render(image, tile)
            Transfer.withEncode8Table { table in
                for ly in 0..<tile.height {
                    UnsafeMutableRawPointer(pixels.row(ly)).withMemoryRebound(to: Float.self, capacity: tile.width * 4) {
                        lunette_encode8_row($0, tile.width, out.row(tile.y + ly - rect.y) + 4 * (tile.x - rect.x), 4, table)
                    }
                }
            }
        }
        try Cancellation.check()
        try Self.checkFailures(Self.streamingSources(of: image))
        try Limits.checkDeadline()
        out.pixelsFromCodes = fromCodes
        return out
    }
}
