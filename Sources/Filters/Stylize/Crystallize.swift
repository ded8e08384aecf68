import Foundation
import PixelCore

/// CICrystallize: Voronoi cells ("polygon-shaped colour blocks") round seeds on a randomly
/// perturbed square grid of side `inputRadius` through `inputCenter`, one seed anywhere in
/// each grid cell (`CellPattern.JitteredGrid`, jitter 1); each pixel takes the image's colour
/// sampled at its nearest seed. The pattern is fixed for a given radius and centre, and moves
/// with the centre. Lua: `img | CICrystallize{radius = 20, center = Vector(150, 150)}`
public enum Crystallize {
    public static let descriptor = CellPattern.descriptor(
        "CICrystallize", "Crystallize", "Breaks the image into polygons, each of one colour taken from the image at its seed.",
        center: "A point of the perturbed grid the cells grow from.", jitter: jitter, reach: 1.5
    ) { nearestSeed($0, $1, $2) }

    /// How far seeds stray from their cells' middles, in sides (`CellPattern.JitteredGrid`).
    public static let jitter = 1.0

    /// The seed nearest (x, y). A seed lies inside its grid cell, so one outside the 3×3 cells
    /// round (x, y) is at least a side away: the 5×5 are searched only when the 3×3's best is farther.
    static func nearestSeed(_ grid: CellPattern.JitteredGrid, _ x: Double, _ y: Double) -> Point {
        let (ci, cj) = grid.cell(x, y)
        var best = grid.seed(ci, cj)
        var bestD = (best.x - x) * (best.x - x) + (best.y - y) * (best.y - y)
        for reach in 1...2 {
            for j in (cj - reach)...(cj + reach) {
                for i in (ci - reach)...(ci + reach) where max(abs(i - ci), abs(j - cj)) == reach {
                    let s = grid.seed(i, j)
                    let d = (s.x - x) * (s.x - x) + (s.y - y) * (s.y - y)
                    if d < bestD { best = s; bestD = d }
                }
            }
            if bestD <= grid.side * grid.side { break }
        }
        return best
    }
}
