import Foundation
import PixelCore

/// CIPointillize: round dots of radius `inputRadius`, each of one colour (the image sampled at
/// its centre), centred on a randomly perturbed square grid of the same side through
/// `inputCenter` (each dot within a fifth of a side of its cell's middle). Dots overlap in a
/// fixed random order, so their round edges show; every point lies within 0.99 sides of some
/// dot's centre, so the dots cover the image. Lua: `img | CIPointillize{radius = 20}`
public enum Pointillize {
    public static let descriptor = CellPattern.descriptor(
        "CIPointillize", "Pointillize", "Paints the image as overlapping round dots, each of the colour at its centre.",
        center: "A point of the perturbed grid the dots sit on.", jitter: jitter, reach: 1
    ) { topDot($0, $1, $2) }

    /// How far seeds stray from their cells' middles, in sides (`CellPattern.JitteredGrid`).
    public static let jitter = 0.4

    /// The centre of the topmost dot covering (x, y): among the seeds of the 3×3 cells round
    /// it (a seed farther out is more than a side away), those within a radius, the highest
    /// priority first.
    static func topDot(_ grid: CellPattern.JitteredGrid, _ x: Double, _ y: Double) -> Point? {
        let (ci, cj) = grid.cell(x, y)
        var top: Point?, topPriority = -1.0
        for j in (cj - 1)...(cj + 1) {
            for i in (ci - 1)...(ci + 1) {
                let s = grid.seed(i, j)
                guard (s.x - x) * (s.x - x) + (s.y - y) * (s.y - y) <= grid.side * grid.side else { continue }
                let p = grid.priority(i, j)
                if p > topPriority { top = s; topPriority = p }
            }
        }
        return top
    }
}
