import Foundation

/// A zoom blur: every output pixel p is the mean of the input sampled bilinearly at
/// c + (p − c)·s for scales s spread evenly from 1 down to `nearest` (> 0; the midpoints of
/// equal steps), so streaks point at `center`: half a pixel apart along the tile's longest
/// streak, at most 64 (Apple's render changes by under 1 % from 32 samples on). Extent: the
/// input's grown by 1/`nearest` about the centre.
final class ZoomBlurNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    let cx: Double, cy: Double, nearest: Double

    init(_ input: Image, cx: Double, cy: Double, nearest: Double) {
        inputs = [input]; self.cx = cx; self.cy = cy; self.nearest = nearest
    }

    var kind: NodeKind { .warp }
    var extent: Rect {
        let e = inputs[0].extent
        if e.isInfinite || e.isEmpty { return e }
        return e.union(scaled(e, 1 / nearest))
    }

    /// `r` scaled by `s` about the centre.
    func scaled(_ r: Rect, _ s: Double) -> Rect {
        let x0 = cx + (r.minX - cx) * s, x1 = cx + (r.maxX - cx) * s
        let y0 = cy + (r.minY - cy) * s, y1 = cy + (r.maxY - cy) * s
        return Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
    }

    func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        let r = rect.rect
        return r.union(scaled(r, nearest)).insetBy(-1, -1).intersection(inputs[0].extent)
    }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let roi = regionOfInterest(for: rect, input: 0)
        let dst = session.output(rect, zeroed: true)
        guard !roi.isEmpty else { return dst }
        let src = session.render(inputs[0], IRect(covering: roi))
        // The farthest corner of the tile from the centre sets the longest streak.
        let far =
            [(rect.x, rect.y), (rect.maxX, rect.y), (rect.x, rect.maxY), (rect.maxX, rect.maxY)]
            .map { hypot(Double($0.0) - cx, Double($0.1) - cy) }.max() ?? 0
        let n = min(64, max(1, Int((2 * far * abs(1 - nearest)).rounded(.up))))
        let step = (1 - nearest) / Double(n), scale = 1 / Float(n)
        for ly in 0..<rect.height {
            let d = dst.row(ly), dy = Double(rect.y + ly) + 0.5 - cy
            for lx in 0..<rect.width {
                let dx = Double(rect.x + lx) + 0.5 - cx
                var acc = Pixel.zero
                for k in 0..<n {
                    let s = 1 - step * (Double(k) + 0.5)
                    acc += Sampler.bilinear(src, cx + dx * s, cy + dy * s)
                }
                d[lx] = acc * scale
            }
        }
        return dst
    }
}

extension Image {
    /// A zoom blur towards (`cx`, `cy`), sampling scales from 1 down to `nearest`.
    /// Lua: `img | CIZoomBlur{center = Vector(150, 150), amount = 20}`
    public func zoomBlurred(cx: Double, cy: Double, nearest: Double) -> Image {
        nearest == 1 ? self : Image(ZoomBlurNode(self, cx: cx, cy: cy, nearest: nearest))
    }
}
