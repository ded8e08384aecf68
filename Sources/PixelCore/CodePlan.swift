import CKernels
import Foundation

/// How `Context.render8` runs a graph on codes: crops that keep the whole rect, a rank
/// filter (`CodeKernel`), an optional clamp, then the codes (`Source8Node`). Anything else
/// (a colour step, a second filter) renders in floats.
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

    @inline(__always) func clampX(_ x: Int) -> Int { min(max(x, codes.rect.x), codes.rect.maxX - 1) }
    @inline(__always) func clampY(_ y: Int) -> Int { min(max(y, codes.rect.y), codes.rect.maxY - 1) }

    /// Writes `tile` of `out` from the codes when that is exact there; false otherwise.
    func render(_ tile: IRect, into out: Bitmap8) -> Bool {
        let need = tile.grown(kernel.halo, kernel.halo)
        let read: IRect
        if clamped {
            let x0 = clampX(need.x), y0 = clampY(need.y)
            read = IRect(x0, y0, clampX(need.maxX - 1) - x0 + 1, clampY(need.maxY - 1) - y0 + 1)
        } else {
            guard codes.rect.intersection(need) == need else { return false }
            read = need
        }
        guard opaque || codes.isOpaque(read) else { return false }
        switch kernel {
        case .median3x3: return median(tile, into: out)
        case .disc(let spans, let maximum): disc(tile, spans: spans, maximum: maximum, into: out)
        }
        return true
    }

    /// The median reads the codes in place, rows clamped by their pointers and the two edge
    /// columns by the kernel; a tile reaching past the codes' columns is not for it.
    func median(_ tile: IRect, into out: Bitmap8) -> Bool {
        let b = codes.rect
        guard tile.x >= b.x, tile.maxX <= b.maxX else { return false }
        let left: Int32 = clamped && tile.x == b.x ? 1 : 0, right: Int32 = clamped && tile.maxX == b.maxX ? 1 : 0
        withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: 4) { rows in
            withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 2) { dst in
                var y = tile.y
                while y < tile.maxY {
                    let count = min(2, tile.maxY - y)
                    for i in 0..<(count + 2) { rows[i] = UnsafePointer(codes.row(clampY(y - 1 + i) - b.y) + 4 * (tile.x - b.x)) }
                    for i in 0..<count { dst[i] = out.row(y + i - out.rect.y) + 4 * (tile.x - out.rect.x) }
                    lunette_median3_u8_rows(rows.baseAddress!, dst.baseAddress!, tile.width, count, left, right)
                    y += count
                }
            }
        }
        return true
    }

    /// The disc reads a copy of the tile grown by its radius, edges repeated where clamped.
    func disc(_ tile: IRect, spans: [Int], maximum: Bool, into out: Bitmap8) {
        let r = spans.count / 2, b = codes.rect
        let sw = tile.width + 2 * r, sh = tile.height + 2 * r, x0 = tile.x - r
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: sw * sh * 4)
        defer { scratch.deallocate() }
        // Columns [lo, hi) of a scratch row lie inside the codes; the others repeat an edge.
        let lo = min(max(b.x - x0, 0), sw), hi = max(min(b.maxX - x0, sw), lo)
        for i in 0..<sh {
            let src = UnsafeRawPointer(codes.row(clampY(tile.y - r + i) - b.y)),
                dst = UnsafeMutableRawPointer(scratch + i * sw * 4)
            if hi > lo {
                dst.advanced(by: 4 * lo).copyMemory(from: src.advanced(by: 4 * (x0 + lo - b.x)), byteCount: 4 * (hi - lo))
            }
            let first = src.loadUnaligned(as: UInt32.self),
                last = src.loadUnaligned(fromByteOffset: 4 * (b.width - 1), as: UInt32.self)
            for j in 0..<lo { dst.storeBytes(of: first, toByteOffset: 4 * j, as: UInt32.self) }
            for j in hi..<sw { dst.storeBytes(of: last, toByteOffset: 4 * j, as: UInt32.self) }
        }
        let rows: [UnsafePointer<UInt8>?] = (0..<sh).map { UnsafePointer(scratch + $0 * sw * 4) }
        let dst: [UnsafeMutablePointer<UInt8>?] = (0..<tile.height).map {
            out.row(tile.y + $0 - out.rect.y) + 4 * (tile.x - out.rect.x)
        }
        let ok = lunette_disc_extremum_u8(rows, dst, tile.width, tile.height, spans, r, maximum ? 1 : 0)
        precondition(ok != 0, "out of memory for a disc of radius \(r)")
    }
}
