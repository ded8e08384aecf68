import Foundation
import PixelCore

/// CIHexagonalPixellate: hexagons on a triangular lattice through `inputCenter` whose
/// neighbouring centres are `inputScale` apart (rows horizontal, every other row shifted half
/// a hexagon), each filled with the image sampled at its centre, as CIPixellate samples its
/// squares' centres. A pixel belongs to the nearest lattice point: that is the hexagon.
/// Lua: `img | CIHexagonalPixellate{scale = 8, center = Vector(150, 150)}`
public enum HexagonalPixellate {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIHexagonalPixellate", "Hexagonal Pixelate",
        "Replaces the image with hexagons of one colour each, taken from the image at each centre.",
        center: "The centre of one hexagon.",
        .number(
            "inputScale", 8, type: "CIAttributeTypeDistance", min: 1, slider: 1...100, identity: 1,
            "Distance between neighbouring hexagons' centres, in pixels.")
    ) { f in
        let c = f.vector("inputCenter"), s = f.number("inputScale")
        let center = Point(c[0], c[1])
        return CellPattern.warp(try f.image(), side: s, reach: s) { x, y in hexagonCentre(center, s, x, y) }
    }

    /// The lattice point `center + i·(s, 0) + j·(s/2, s·√3/2)` nearest (x, y), found by rounding
    /// the axial coordinates (i, j, −i−j) and fixing the one that rounded farthest.
    public static func hexagonCentre(_ center: Point, _ s: Double, _ x: Double, _ y: Double) -> Point {
        let h = s * 3.0.squareRoot() / 2
        let fj = (y - center.y) / h, fi = (x - center.x) / s - fj / 2
        let fk = -fi - fj
        var i = fi.rounded(), j = fj.rounded()
        let k = fk.rounded()
        let di = abs(i - fi), dj = abs(j - fj), dk = abs(k - fk)
        if di > dj, di > dk { i = -j - k } else if dj > dk { j = -i - k }
        return Point(center.x + i * s + j * s / 2, center.y + j * h)
    }
}
