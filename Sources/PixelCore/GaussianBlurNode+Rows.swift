import Foundation

extension GaussianBlurNode {
    /// `rect` of the blur handed to `sink` one row at a time, ascending y, with no tile of
    /// its input or output in memory: input rows are read one by one from `streamSource(rect)`
    /// (through a clamp, its box's edge rows and columns repeated) into the separable
    /// passes' ring, and output rows land in eight rows of memory used in turn (a row stays
    /// valid until four more have come). This keeps a video frame's working set in L2.
    func streamRows(
        _ rect: IRect, from input: (read: PixelRowReader, box: IRect?, columns: IRect),
        _ sink: (_ y: Int, _ row: UnsafeMutablePointer<Pixel>) -> Void
    ) {
        let (read, box, columns) = input
        let r = sourceReach
        let x0 = rect.x - r, span = rect.width + 2 * r
        let left = columns.x - x0, right = x0 + span - columns.maxX
        let stride = rect.width + 4  // as the ring's rows: never 4 KiB apart
        let source = UnsafeMutablePointer<Pixel>.allocate(capacity: span)
        let out = UnsafeMutablePointer<Pixel>.allocate(capacity: 8 * stride)
        defer {
            source.deallocate()
            out.deallocate()
        }
        var last = Int.min  // the input row `source` holds (a clamp repeats its edge rows)
        Convolution.separableRows(
            width: rect.width, height: rect.height, y0: rect.y, direct, direct,
            source: { y in
                let y = box.map { min(max(y, $0.y), $0.maxY - 1) } ?? y
                if y != last {
                    read(y, source + left)
                    if left > 0 { source.update(repeating: source[left], count: left) }
                    if right > 0 { (source + span - right).update(repeating: source[span - right - 1], count: right) }
                    last = y
                }
                return UnsafePointer(source)
            },
            output: { out + ($0 % 8) * stride },
            written: { ly, count in
                for j in ly..<(ly + count) { sink(rect.y + j, out + (j % 8) * stride) }
            })
    }

    /// What `streamRows` reads for `rect`: a row reader over `columns`, and the clamp box
    /// whose edges repeat beyond it (nil: none; the reader gives zeros outside the input).
    /// The columns left and right of `columns` repeat its edge pixels (only with a box).
    /// Nil when the blur is decimated (σ ≥ 3), would clear part of `rect`, or its input
    /// cannot be read by rows.
    func streamSource(_ rect: IRect) -> (read: PixelRowReader, box: IRect?, columns: IRect)? {
        guard plan == nil, !rect.isEmpty, IRect.clipping(extent, to: rect) == rect else { return nil }
        let need = rect.grown(sourceReach, sourceReach)
        guard let clamp = inputs[0].node as? ClampNode else {
            return inputs[0].rowReader(need).map { ($0, nil, need) }
        }
        let box = clamp.box
        let x0 = max(need.x, box.x), x1 = min(need.maxX, box.maxX)
        let y0 = max(need.y, box.y), y1 = min(need.maxY, box.maxY)
        guard x0 < x1, y0 < y1 else { return nil }
        let columns = IRect(x0, need.y, x1 - x0, need.height)
        return clamp.inputs[0].rowReader(IRect(x0, y0, x1 - x0, y1 - y0)).map { ($0, box, columns) }
    }
}
