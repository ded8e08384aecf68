import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIParallelogramTile, CITriangleTile, CIClamp and CIOpTile by their symmetries, periods
/// and the positions they sample (through the position-encoding input).
extension TileTests {
    func testParallelogramTileIsPeriodicByTwiceItsEdges() throws {
        // Edges (25, 0) and (15, 20): acute angle atan(4/3).
        let buf = try renderOblique("CIParallelogramTile", width: 25)
        assertInvariant(buf, "period 2·e1") { x, y in (x + 50, y) }
        assertInvariant(buf, "period 2·e2") { x, y in (x + 30, y + 40) }
        assertNotInvariant(buf, "period e1 alone is not one") { x, y in (x + 25, y) }
    }

    func testTriangleTileRepeatsTheTriangleUprightAndHalfTurned() throws {
        let w = 40.0, h = 3.0.squareRoot() / 2
        let inputs: [String: FilterValue] = ["inputCenter": center, "inputWidth": .number(w)]
        let buf = try render("CITriangleTile", inputs)
        assertInvariant(buf, "period e1") { x, y in (x + 40, y) }
        assertNotInvariant(buf, "no mirror across the base", mirrorY)
        try assertRotationInvariant(
            "CITriangleTile", inputs, pivot: (Double(cx) + 0.75 * w, Double(cy) + 0.5 * h * w),
            angle: .pi)
        let (input, src) = try photo(area)
        let out = try TestImages.render(apply("CITriangleTile", input, inputs), big)
        let cell = sourceCell("CISixfoldReflectedTile", w: w, angle: 0)
        var count = 0
        for y in cy..<cy + 40 {
            for x in cx..<cx + 40 where inside(cell, Double(x) + 0.5, Double(y) + 0.5, margin: 1e-6) {
                XCTAssertLessThan(TestImages.maxAbs(out[x, y] - src[x, y]), 1e-5); count += 1
            }
        }
        XCTAssertGreaterThan(count, 500)
    }

    func testClampKeepsTheRectangleAndRepeatsItsBorder() throws {
        let (input, src) = try photo(area)
        let out = try apply("CIClamp", input, ["inputExtent": .vector(Vector(150, 160, 50, 40))])
        XCTAssertTrue(out.extent.isInfinite)
        let buf = try TestImages.render(out, IRect(100, 100, 150, 150))
        for y in 100..<250 {
            for x in 100..<250 {
                let sx = min(max(x, 150), 199), sy = min(max(y, 160), 199)
                XCTAssertEqual(buf[x, y], src[sx, sy], "(\(x), \(y))")
            }
        }
        XCTAssertThrowsError(try apply("CIClamp", input, ["inputExtent": .vector(Vector(0, 0, -5, 10))]))
    }

    func testOpTileMagnifiesEachSquareAboutItsCentre() throws {
        let grid = coordinates(IRect(0, 0, 420, 420))
        let same = try apply("CIOpTile", grid, ["inputScale": .number(1), "inputAngle": .number(0)])
        XCTAssertEqual(TestImages.maxDifference(try TestImages.render(same), try TestImages.render(grid)), 0)
        // Squares of 40 centred on (200, 210) + 40·k, content magnified twice.
        let out = try TestImages.render(
            apply(
                "CIOpTile", grid,
                [
                    "inputCenter": center, "inputScale": .number(2),
                    "inputWidth": .number(40),
                ]), big)
        var checked = 0
        for y in stride(from: 60, to: 380, by: 7) {
            for x in stride(from: 60, to: 380, by: 5) {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let kx = ((px - Double(cx)) / 40).rounded(), ky = ((py - Double(cy)) / 40).rounded()
                let sqx = Double(cx) + 40 * kx, sqy = Double(cy) + 40 * ky
                let want = (sqx + (px - sqx) / 2, sqy + (py - sqy) / 2)
                XCTAssertEqual(Double(out[x, y].x) * 1000, want.0, accuracy: 2e-2, "(\(x), \(y))")
                XCTAssertEqual(Double(out[x, y].y) * 1000, want.1, accuracy: 2e-2, "(\(x), \(y))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 2000)
    }
}
