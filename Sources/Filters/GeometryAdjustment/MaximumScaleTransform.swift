import Foundation
import PixelCore

/// CIMaximumScaleTransform: resizes by `inputScale` vertically and
/// `inputScale`·`inputAspectRatio` horizontally, about the origin; each output pixel is the
/// per-component maximum of the source pixels its cell overlaps (so thin bright lines
/// survive a reduction; an enlargement repeats pixels). The extent is the input's scaled.
/// Lua: `img | CIMaximumScaleTransform{scale = 0.25}`
public enum MaximumScaleTransform {
    public static let descriptor = FilterDescriptor(
        name: "CIMaximumScaleTransform", displayName: "Maximum Scale Transform",
        categories: [
            Category.builtIn, Category.geometryAdjustment, Category.highDynamicRange, Category.stillImage, Category.video,
        ],
        description:
            "Resizes the image taking the maximum of the contributing source pixels instead of averaging them, so thin bright details survive.",
        inputs: [
            .image(),
            .number(
                .scale, 1, min: 0, identity: 1,
                "Scale factor applied to the height (and, times the aspect ratio, the width)."),
            .number("inputAspectRatio", 1, min: 0, identity: 1, "Extra horizontal scale factor."),
        ]
    ) { f in
        let image = try f.image()
        let (sx, sy) = try ScaleFactors.of(f)
        if sx == 1, sy == 1 { return image }
        return Image(MaximumScaleNode(image, sx: sx, sy: sy))
    }
}

/// Each output cell [X, X + 1)/s × [Y, Y + 1)/s takes the maximum over the source pixels it
/// overlaps: a vertical pass, then a horizontal one.
final class MaximumScaleNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    let sx: Double, sy: Double
    init(_ input: Image, sx: Double, sy: Double) { inputs = [input]; self.sx = sx; self.sy = sy }

    var kind: NodeKind { .warp }
    var extent: Rect {
        let e = inputs[0].extent
        if e.isInfinite || e.isEmpty { return e }
        return Rect(e.x * sx, e.y * sy, e.width * sx, e.height * sy)
    }

    /// Source indices [lo, hi) overlapped by output cell `o` at scale `s`.
    static func cells(_ o: Int, _ s: Double) -> (Int, Int) {
        let lo = Int((Double(o) / s).rounded(.down))
        return (lo, max(lo + 1, Int((Double(o + 1) / s).rounded(.up))))
    }

    func source(_ rect: IRect) -> IRect {
        let (x0, _) = Self.cells(rect.x, sx), (_, x1) = Self.cells(rect.maxX - 1, sx)
        let (y0, _) = Self.cells(rect.y, sy), (_, y1) = Self.cells(rect.maxY - 1, sy)
        return IRect(x0, y0, x1 - x0, y1 - y0)
    }

    func regionOfInterest(for rect: IRect, input index: Int) -> Rect { source(rect).rect.intersection(inputs[0].extent) }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let window = source(rect)
        let src = session.borrow(inputs[0], window) ?? session.render(inputs[0], window)
        let tmp = PixelBuffer(uninitialized: IRect(window.x, rect.y, window.width, rect.height))
        for y in 0..<rect.height {
            let (lo, hi) = Self.cells(rect.y + y, sy)
            let d = tmp.row(y)
            let first = src.row(lo - src.rect.y) + (window.x - src.rect.x)
            d.update(from: first, count: window.width)
            for j in (lo + 1)..<max(lo + 1, hi) {
                let s = src.row(j - src.rect.y) + (window.x - src.rect.x)
                for x in 0..<window.width { d[x] = pointwiseMax(d[x], s[x]) }
            }
        }
        let dst = session.output(rect, zeroed: false)
        for y in 0..<rect.height {
            let s = tmp.row(y), d = dst.row(y)
            for x in 0..<rect.width {
                let (lo, hi) = Self.cells(rect.x + x, sx)
                var m = s[lo - window.x]
                for i in (lo + 1)..<max(lo + 1, hi) { m = pointwiseMax(m, s[i - window.x]) }
                d[x] = m
            }
        }
        dst.clear(outside: IRect.clipping(extent, to: rect))
        return dst
    }
}
