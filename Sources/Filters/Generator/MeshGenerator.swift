import Foundation
import PixelCore

/// CIMeshGenerator: line segments (each four numbers x0, y0, x1, y1 of `inputMesh`) drawn
/// `inputWidth` wide in `inputColor`, with round ends so joined segments meet without gaps.
/// A pixel's coverage is the box-filtered width left at its centre, clamp(w/2 − d + 1/2, 0, 1)
/// with d its distance to the nearest segment (exact for axis-aligned lines), so overlaps
/// never darken. Segments are binned in 32-pixel cells, so a pixel tests only those near it.
/// The extent is the segments' bounds grown by half the width and a pixel. With no mesh set it
/// draws a sample triangle, as the barcode generators encode a sample payload.
/// Lua: `CIMeshGenerator{mesh = {Vector(0, 0, 120, 80), Vector(120, 80, 240, 0)}, width = 3}`
public enum MeshGenerator {
    static let sample: [Double] = [20, 20, 280, 20, 280, 20, 150, 260, 150, 260, 20, 20]

    public static let descriptor = FilterDescriptor(
        .generator, "CIMeshGenerator", "Mesh Generator",
        "Draws line segments (each a Vector x0, y0, x1, y1) of the given width and colour, anti-aliased.",
        inputs: [
            .number(.width, 1.5, min: 0, slider: 1...10, "The lines' width in pixels."),
            InputSpec(
                "inputColor", "Color", class: .color, default: .color(Color(1, 1, 1, 1)), description: "The lines' colour."),
            InputSpec(
                "inputMesh", "Mesh", class: .array, default: .vector(Vector(sample)),
                description: "The segments: a list of Vectors (x0, y0, x1, y1), or their numbers in one flat list."),
        ]
    ) { f in
        let v = f.vector("inputMesh").components
        let segments = stride(from: 0, to: v.count - 3, by: 4).map { Segment(v[$0], v[$0 + 1], v[$0 + 2], v[$0 + 3]) }
        let half = f.number("inputWidth") / 2
        let color = Transfer.workingPixel(f.color("inputColor"))
        guard let grid = SegmentGrid(segments, reach: half + 1) else {
            return Image(GeneratorNode(extent: .null) { _, _ in .zero })
        }
        return Image(
            GeneratorNode(extent: grid.bounds) { x, y in
                var d2 = Double.infinity
                for i in grid.candidates(x, y) { d2 = min(d2, segments[i].distanceSquared(x, y)) }
                let coverage = min(max(half - d2.squareRoot() + 0.5, 0), 1)
                return coverage > 0 ? color * Float(coverage) : .zero
            })
    }

    struct Segment: Sendable {
        let x0, y0, dx, dy, inverseLength2: Double
        init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            self.x0 = x0; self.y0 = y0; dx = x1 - x0; dy = y1 - y0
            let l2 = dx * dx + dy * dy
            inverseLength2 = l2 > 0 ? 1 / l2 : 0
        }
        var minX: Double { min(x0, x0 + dx) }
        var maxX: Double { max(x0, x0 + dx) }
        var minY: Double { min(y0, y0 + dy) }
        var maxY: Double { max(y0, y0 + dy) }

        /// The squared distance from (x, y) to the nearest point of the segment.
        @inline(__always) func distanceSquared(_ x: Double, _ y: Double) -> Double {
            let px = x - x0, py = y - y0
            let t = min(max((px * dx + py * dy) * inverseLength2, 0), 1)
            let ex = px - t * dx, ey = py - t * dy
            return ex * ex + ey * ey
        }
    }

    /// Segments binned by the square cells their bounds (grown by `reach`) touch.
    struct SegmentGrid: Sendable {
        static let cell = 32.0
        let bounds: Rect
        let columns: Int, rows: Int
        let cells: [[Int]]

        init?(_ segments: [Segment], reach: Double) {
            guard !segments.isEmpty else { return nil }
            let x0 = segments.map(\.minX).min()! - reach, y0 = segments.map(\.minY).min()! - reach
            let x1 = segments.map(\.maxX).max()! + reach, y1 = segments.map(\.maxY).max()! + reach
            bounds = Rect(x0, y0, x1 - x0, y1 - y0)
            columns = max(1, min(4096, Int(((x1 - x0) / Self.cell).rounded(.up))))
            rows = max(1, min(4096, Int(((y1 - y0) / Self.cell).rounded(.up))))
            var cells = [[Int]](repeating: [], count: columns * rows)
            let cw = (x1 - x0) / Double(columns), ch = (y1 - y0) / Double(rows)
            for (i, s) in segments.enumerated() {
                let c0 = max(0, Int((s.minX - reach - x0) / cw)), c1 = min(columns - 1, Int((s.maxX + reach - x0) / cw))
                let r0 = max(0, Int((s.minY - reach - y0) / ch)), r1 = min(rows - 1, Int((s.maxY + reach - y0) / ch))
                for r in r0...r1 { for c in c0...c1 { cells[r * columns + c].append(i) } }
            }
            self.cells = cells
        }

        /// The segments that may reach (x, y).
        @inline(__always) func candidates(_ x: Double, _ y: Double) -> [Int] {
            let c = Int((x - bounds.x) / bounds.width * Double(columns)), r = Int((y - bounds.y) / bounds.height * Double(rows))
            guard c >= 0, c < columns, r >= 0, r < rows else { return [] }
            return cells[r * columns + c]
        }
    }
}
