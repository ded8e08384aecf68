import CKernels
import Foundation

/// A neighbourhood filter that also runs on 8-bit codes (`AreaNode.codes`). Over opaque
/// codes it gives exactly the bytes its float kernel gives once encoded back to 8 bits: an
/// order statistic (the median) commutes with the strictly increasing sRGB decode of each
/// channel, premultiplying by alpha 1 changes nothing, and every code decodes and encodes
/// back to itself (tested). Swift: `try Context().render8(img8.median3x3(), rect: r)`
public enum CodeKernel: Sendable {
    case median3x3
}

extension Context {
    /// Rows of a band of `render8` (full width): small enough for both cores to share a 4K picture.
    static let codeBandRows = 32

    /// Renders `rect` of `image` into 8-bit sRGB RGBA, the bytes a PNG writer gives for the
    /// float render (`lunette_encode8_row`). A rank filter (`CodeKernel`) of a `Source8Node`,
    /// seen through a clamp and crops that change nothing, runs on the codes instead in each
    /// band whose source pixels are all opaque and inside the codes (or clamped to them);
    /// other bands render in floats. Swift: `let bitmap = try Context().render8(img, rect: r)`
    public func render8(_ image: Image, rect: IRect) throws -> Bitmap8 {
        try Limits.check(width: rect.width, height: rect.height, what: "render")
        try Limits.checkDepth(image, what: "render")
        try Context.preflight(image, rect: rect, tileSize: tileSize)
        let out = Bitmap8(rect)
        let plan = CodePlan(image, rect: rect)
        var bands: [IRect] = []
        for y in Swift.stride(from: rect.y, to: rect.maxY, by: Self.codeBandRows) {
            bands.append(IRect(rect.x, y, rect.width, min(Self.codeBandRows, rect.maxY - y)))
        }
        let shared = RenderSession.sharedNodes(of: image)
        let lock = NSLock()
        nonisolated(unsafe) var next = 0, fromCodes = 0
        Self.perform(min(threads, bands.count), depth: image.depth) { _ in
            while true {
                lock.lock(); let i = next; next += 1; lock.unlock()
                guard i < bands.count, !Cancellation.isRequested, !Limits.deadlinePassed else { return }
                let band = bands[i]
                if let plan, plan.render(band, into: out) {
                    lock.lock(); fromCodes += band.height; lock.unlock()
                    continue
                }
                let pixels = RenderSession(shared: shared).render(image, band)
                Transfer.withEncode8Table { table in
                    for ly in 0..<band.height {
                        UnsafeMutableRawPointer(pixels.row(ly)).withMemoryRebound(to: Float.self, capacity: band.width * 4) {
                            lunette_encode8_row($0, band.width, out.row(band.y + ly - rect.y), 4, table)
                        }
                    }
                }
            }
        }
        try Cancellation.check()
        try Self.checkFailures(Self.streamingSources(of: image))
        try Limits.checkDeadline()
        out.rowsFromCodes = fromCodes
        return out
    }
}

/// How `render8` runs a graph on codes: crops that keep the whole rect, a rank filter, an
/// optional clamp, then the codes. Anything else (a colour step, a profile, a second
/// filter) renders in floats.
struct CodePlan {
    let kernel: CodeKernel
    let codes: Bitmap8
    let clamped: Bool
    let opaque: Bool

    init?(_ image: Image, rect: IRect) {
        var img = image
        while let crop = img.node as? CropNode {
            guard IRect.clipping(crop.pixelRect, to: rect) == rect else { return nil }
            img = crop.inputs[0]
        }
        guard let area = img.node as? AreaNode, let kernel = area.codes else { return nil }
        var src = area.inputs[0]
        clamped = src.node is ClampNode
        if let clamp = src.node as? ClampNode { src = clamp.inputs[0] }
        guard let node = src.node as? Source8Node, !node.bitmap.rect.isEmpty else { return nil }
        self.kernel = kernel
        codes = node.bitmap
        opaque = node.isOpaque
    }

    /// Writes `band` of `out` from the codes when that is exact there; false otherwise.
    func render(_ band: IRect, into out: Bitmap8) -> Bool {
        let b = codes.rect
        let region: IRect
        if clamped {
            // The clamp repeats edge pixels: an output column outside the codes would need
            // more than one repeat; rows are clamped below.
            guard band.x >= b.x, band.maxX <= b.maxX else { return false }
            let y0 = min(max(band.y - 1, b.y), b.maxY - 1), y1 = min(max(band.maxY, b.y), b.maxY - 1)
            region = IRect(max(band.x - 1, b.x), y0, min(band.maxX + 1, b.maxX) - max(band.x - 1, b.x), y1 - y0 + 1)
        } else {
            region = band.grown(1, 1)
            guard b.intersection(region) == region else { return false }
        }
        guard opaque || codes.isOpaque(region) else { return false }
        let left: Int32 = clamped && band.x == b.x ? 1 : 0, right: Int32 = clamped && band.maxX == b.maxX ? 1 : 0
        func source(_ y: Int) -> UnsafePointer<UInt8> {
            UnsafePointer(codes.row(min(max(y, b.y), b.maxY - 1) - b.y) + 4 * (band.x - b.x))
        }
        withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: 4) { rows in
            withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 2) { dst in
                var y = band.y
                while y < band.maxY {
                    let count = min(2, band.maxY - y)
                    for i in 0..<(count + 2) { rows[i] = source(y - 1 + i) }
                    for i in 0..<count { dst[i] = out.row(y + i - out.rect.y) + 4 * (band.x - out.rect.x) }
                    switch kernel {
                    case .median3x3: lunette_median3_u8_rows(rows.baseAddress!, dst.baseAddress!, band.width, count, left, right)
                    }
                    y += count
                }
            }
        }
        return true
    }
}
