import Foundation
import PixelCore

/// A warp whose per-pixel offsets come from a second image (CIDisplacementDistortion,
/// CIGlassDistortion): the destination pixel centre p samples the input bilinearly at
/// p + offset(field, x, y), where `field` holds the offset image rendered over the
/// destination rect grown by `fieldMargin`. Offsets never exceed `reach` in either axis,
/// which bounds the input's region of interest. The extent is the input's.
final class OffsetFieldWarpNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    let reach: Double
    let fieldMargin: Int
    let offset: @Sendable (PixelBuffer, Int, Int) -> (Double, Double)

    init(
        _ input: Image, field: Image, reach: Double, fieldMargin: Int,
        offset: @escaping @Sendable (PixelBuffer, Int, Int) -> (Double, Double)
    ) {
        inputs = [input, field]; self.reach = reach; self.fieldMargin = fieldMargin; self.offset = offset
    }

    var kind: NodeKind { .warp }
    var extent: Rect { inputs[0].extent }

    func regionOfInterest(for rect: IRect, input index: Int) -> Rect {
        if index == 1 { return rect.grown(fieldMargin, fieldMargin).rect.intersection(inputs[1].extent) }
        let m = reach + 1
        return rect.rect.insetBy(-m, -m).intersection(inputs[0].extent.insetBy(-1, -1))
    }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = PixelBuffer(rect)
        let keep = IRect.clipping(extent, to: rect)
        guard !keep.isEmpty else { return out }
        let roi = IRect.clipping(regionOfInterest(for: keep, input: 0), to: keep.grown(1 << 28, 1 << 28))
        guard !roi.isEmpty else { return out }
        let src = session.render(inputs[0], roi)
        let field = session.render(inputs[1], keep.grown(fieldMargin, fieldMargin))
        for y in keep.y..<keep.maxY {
            let row = out.row(y - rect.y)
            for x in keep.x..<keep.maxX {
                let (dx, dy) = offset(field, x, y)
                row[x - rect.x] = Sampler.bilinear(src, Double(x) + 0.5 + dx, Double(y) + 0.5 + dy)
            }
        }
        return out
    }
}
