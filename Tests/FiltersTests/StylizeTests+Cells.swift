import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CICrystallize, CIPointillize and CIHexagonalPixellate against brute-force references: on
/// a linear ramp, bilinear sampling is exact, so a pixel's expected colour is the ramp at its
/// cell's point (kept inside the image), and the cell is found by trying every seed.
final class CellPatternTests: FilterTestCase {
    let w = 48, h = 36

    /// The ramp's value at a position (pixel centres at +½).
    func ramp(_ p: Point) -> Pixel { Pixel(Float(0.01 * p.x), Float(0.02 * p.y), 0.3, 1) }

    var rampImage: Image { TestImages.make(IRect(0, 0, w, h)) { x, y in self.ramp(Point(Double(x) + 0.5, Double(y) + 0.5)) } }

    /// The ramp at `p` moved inside the image's pixel centres.
    func expected(_ p: Point) -> Pixel {
        ramp(Point(min(max(p.x, 0.5), Double(w) - 0.5), min(max(p.y, 0.5), Double(h) - 0.5)))
    }

    /// The point of `points` nearest (x, y), by trying every one.
    func nearest(_ points: [Point], _ x: Double, _ y: Double) -> Point? {
        var best: Point?, bestD = Double.infinity
        for p in points {
            let d: Double = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)
            if d < bestD { best = p; bestD = d }
        }
        return best
    }

    /// Compares a filter's render with `reference(x, y)` at every pixel of the image.
    func check(_ out: Image, _ name: String, _ reference: (Double, Double) -> Point?) throws {
        XCTAssertEqual(out.extent, Rect(0, 0, Double(w), Double(h)), name)
        let got = try TestImages.render(out, tile: 16)
        var worst: Float = 0
        for y in 0..<h {
            for x in 0..<w {
                let want = reference(Double(x) + 0.5, Double(y) + 0.5).map(expected) ?? .zero
                worst = max(worst, TestImages.maxAbs(got[x, y] - want))
            }
        }
        XCTAssertLessThan(worst, 1e-5, name)
    }

    func testCrystallizeIsTheVoronoiOfTheSeeds() throws {
        let r = 7.0, c = Point(3.3, -2.1)
        let out = try apply("CICrystallize", rampImage, ["inputRadius": .number(r), "inputCenter": .vector(Vector([c.x, c.y]))])
        let grid = CellPattern.JitteredGrid(center: c, side: r, jitter: Crystallize.jitter)
        let seeds = (-3...10).flatMap { j in (-3...10).map { i in grid.seed(i, j) } }
        try check(out, "crystallize") { x, y in nearest(seeds, x, y) }
    }

    func testPointillizeDrawsTheTopmostDotAndCoversTheImage() throws {
        let r = 6.0, c = Point(-1.7, 4.4)
        let out = try apply("CIPointillize", rampImage, ["inputRadius": .number(r), "inputCenter": .vector(Vector([c.x, c.y]))])
        let grid = CellPattern.JitteredGrid(center: c, side: r, jitter: Pointillize.jitter)
        let cells = (-3...12).flatMap { j in (-3...12).map { i in (grid.seed(i, j), grid.priority(i, j)) } }
        var uncovered = 0
        try check(out, "pointillize") { x, y in
            let covering = cells.filter { ($0.0.x - x) * ($0.0.x - x) + ($0.0.y - y) * ($0.0.y - y) <= r * r }
            if covering.isEmpty { uncovered += 1 }
            return covering.max { $0.1 < $1.1 }?.0
        }
        XCTAssertEqual(uncovered, 0, "the dots cover every pixel")
    }

    func testHexagonalPixellateTakesTheNearestLatticePoint() throws {
        let s = 9.0, c = Point(20.2, 15.9)
        let out = try apply(
            "CIHexagonalPixellate", rampImage, ["inputScale": .number(s), "inputCenter": .vector(Vector([c.x, c.y]))])
        let rowStep = s * 3.0.squareRoot() / 2
        var lattice: [Point] = []
        for j in -8...8 {
            for i in -12...12 { lattice.append(Point(c.x + Double(i) * s + Double(j) * s / 2, c.y + Double(j) * rowStep)) }
        }
        try check(out, "hexagonal pixellate") { x, y in nearest(lattice, x, y) }
    }

    func testConstantImagesStayConstantAndIdentityKeepsTheImage() throws {
        let flat = TestImages.make(IRect(0, 0, w, h)) { _, _ in Pixel(0.2, 0.4, 0.1, 0.8) }
        let random = TestImages.random(20, 14, seed: 9)
        for (name, key) in [
            ("CICrystallize", "inputRadius"), ("CIPointillize", "inputRadius"), ("CIHexagonalPixellate", "inputScale"),
        ] {
            try assertClose(try apply(name, flat, [key: .number(11)]), flat, rect: IRect(0, 0, w, h), tolerance: 1e-6, name)
            try assertClose(try apply(name, random, [key: .number(1)]), random, rect: IRect(-1, -1, 22, 16), tolerance: 0, name)
        }
    }

    func testCellsAreConstantInsideAndTilingDoesNotMatter() throws {
        let input = TestImages.random(40, 30, seed: 4)
        let out = try apply("CICrystallize", input, ["inputRadius": .number(12)])
        let a = try TestImages.render(out, tile: 7), b = try TestImages.render(out, threads: 1, tile: 64)
        XCTAssertEqual(TestImages.maxDifference(a, b), 0)
        var colours = Set<[Float]>()
        for y in 0..<30 { for x in 0..<40 { colours.insert([a[x, y].x, a[x, y].y, a[x, y].z, a[x, y].w]) } }
        XCTAssertLessThan(colours.count, 40, "a few cells, one colour each, not 1200 pixels")
    }
}
