import Foundation

/// An integer nearest-neighbour upscale: every source pixel becomes a k×k block, so a
/// tiny generator output (a QR code, one pixel per module) stays crisp when enlarged.
/// Lua: `qr:scaledNearest(8)`
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

    /// ⌊v / k⌋ for negative values too.
    @inline(__always) func down(_ v: Int) -> Int { v >= 0 ? v / factor : -((-v + factor - 1) / factor) }

    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        let x0 = down(rect.x), y0 = down(rect.y)
        return IRect(x0, y0, down(rect.maxX - 1) - x0 + 1, down(rect.maxY - 1) - y0 + 1).rect
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let src = session.render(inputs[0], IRect(covering: regionOfInterest(for: rect, input: 0)))
        let out = PixelBuffer(rect)
        for ly in 0..<rect.height {
            let row = out.row(ly)
            let srow = src.row(down(rect.y + ly) - src.rect.y)
            var sx = down(rect.x) - src.rect.x
            var phase = rect.x - down(rect.x) * factor
            for lx in 0..<rect.width {
                row[lx] = srow[sx]
                phase += 1
                if phase == factor { phase = 0; sx += 1 }
            }
        }
        return out
    }
}

extension Image {
    /// The image enlarged k times with nearest-neighbour sampling (no blurring of edges).
    /// Lua: `qr:scaledNearest(8)`
    public func scaledNearest(_ k: Int) throws -> Image {
        guard k >= 1, k <= 65_536 else {
            throw LunetteError.invalid("scaledNearest: the factor must be an integer in 1…65536, got \(k)")
        }
        return k == 1 ? self : Image(NearestScaleNode(self, factor: k))
    }
}
