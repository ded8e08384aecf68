import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Tile effects on a real photo: the symmetries each wallpaper group promises (checked on exact
/// pixel correspondences), rotations by 60°/120° through a position-encoding input, the
/// source cell reproduced unchanged, infinite extents and bounded regions of interest.
final class TileTests: WarpTestCase {
    let area = IRect(100, 100, 200, 200)
    let big = IRect(40, 40, 360, 360)
    let cx = 200, cy = 210
    var center: FilterValue { .vector(Vector(Double(cx), Double(cy))) }
    /// Hexagon side whose lattice has the vertical period √3·w = 40 pixels.
    let hexWidth = 40 / 3.0.squareRoot()

    func render(_ name: String, _ inputs: [String: FilterValue], _ input: Image? = nil, rect: IRect? = nil) throws -> PixelBuffer
    {
        let image = try input ?? photo(area).0
        return try TestImages.render(try apply(name, image, inputs), rect ?? big, threads: 2, tile: 48)
    }

    /// Asserts out(p) == out(partner(p)) over the pixels whose partner is also in `big`.
    /// An oblique tile effect with edges (w, 0) and w·(0.6, 0.8) (acute angle atan(4/3)).
    func renderOblique(_ name: String, width: Double) throws -> PixelBuffer {
        try render(name, ["inputCenter": center, "inputWidth": .number(width), "inputAcuteAngle": .number(atan2(4, 3))])
    }

    func assertInvariant(
        _ buf: PixelBuffer, _ what: String, tolerance: Float = 2e-5,
        file: StaticString = #filePath, line: UInt = #line, _ partner: @escaping (Int, Int) -> (Int, Int)
    ) {
        var worst: Float = 0, checked = 0
        for y in big.y..<big.maxY {
            for x in big.x..<big.maxX {
                let (px, py) = partner(x, y)
                guard big.x <= px, px < big.maxX, big.y <= py, py < big.maxY else { continue }
                worst = max(worst, TestImages.maxAbs(buf[x, y] - buf[px, py])); checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 20_000, what, file: file, line: line)
        XCTAssertLessThanOrEqual(worst, tolerance, what, file: file, line: line)
    }

    /// Asserts the pattern is NOT invariant under `partner` (so the symmetry tests mean something).
    func assertNotInvariant(
        _ buf: PixelBuffer, _ what: String, file: StaticString = #filePath, line: UInt = #line,
        _ partner: @escaping (Int, Int) -> (Int, Int)
    ) {
        let inner = IRect(big.x + 60, big.y + 60, big.width - 120, big.height - 120)
        XCTAssertGreaterThan(worstPairDifference(buf, inner, partner), 0.05, what, file: file, line: line)
    }

    // Pixel maps about the centre (cx, cy), a pixel-grid corner.
    func mirrorX(_ x: Int, _ y: Int) -> (Int, Int) { (2 * cx - 1 - x, y) }
    func mirrorY(_ x: Int, _ y: Int) -> (Int, Int) { (x, 2 * cy - 1 - y) }
    func quarterTurn(_ x: Int, _ y: Int) -> (Int, Int) { (cx + cy - 1 - y, cy - cx + x) }
    func diagonal(_ x: Int, _ y: Int) -> (Int, Int) { (cx - cy + y, cy - cx + x) }

    func testFourfoldReflectedTileIsMirrorSymmetricAboutItsAxes() throws {
        let buf = try render("CIFourfoldReflectedTile", ["inputCenter": center, "inputWidth": .number(40)])
        assertInvariant(buf, "mirror x = centre", mirrorX)
        assertInvariant(buf, "mirror y = centre", mirrorY)
        assertInvariant(buf, "mirror x = centre + w") { x, y in (2 * (self.cx + 40) - 1 - x, y) }
        assertInvariant(buf, "period 2w") { x, y in (x + 80, y + 80) }
        assertNotInvariant(buf, "not a quarter turn", quarterTurn)
        // Oblique cells (acute angle atan(4/3), edges (25, 0) and (15, 20)): periodic by twice each edge.
        let oblique = try renderOblique("CIFourfoldReflectedTile", width: 25)
        assertInvariant(oblique, "period 2·e1") { x, y in (x + 50, y) }
        assertInvariant(oblique, "period 2·e2") { x, y in (x + 30, y + 40) }
    }

    func testFourfoldTranslatedTileIsPeriodic() throws {
        let buf = try renderOblique("CIFourfoldTranslatedTile", width: 50)
        assertInvariant(buf, "period e1") { x, y in (x + 50, y) }
        assertInvariant(buf, "period e2") { x, y in (x + 30, y + 40) }
        assertNotInvariant(buf, "not a mirror", mirrorY)
        assertNotInvariant(buf, "not half a period") { x, y in (x + 25, y) }
    }

    func testFourfoldRotatedTileIsInvariantUnderAQuarterTurn() throws {
        let buf = try render("CIFourfoldRotatedTile", ["inputCenter": center, "inputWidth": .number(40)])
        assertInvariant(buf, "90° about the centre", quarterTurn)
        assertInvariant(buf, "period 2w") { x, y in (x + 80, y) }
        assertNotInvariant(buf, "not a mirror", mirrorX)
    }

    func testEightfoldReflectedTileHasTheSquareKaleidoscopeSymmetries() throws {
        let buf = try render("CIEightfoldReflectedTile", ["inputCenter": center, "inputWidth": .number(40)])
        assertInvariant(buf, "mirror x", mirrorX)
        assertInvariant(buf, "mirror y", mirrorY)
        assertInvariant(buf, "mirror diagonal", diagonal)
        assertInvariant(buf, "90° about the centre", quarterTurn)
        assertInvariant(buf, "period 2w") { x, y in (x, y + 80) }
        assertNotInvariant(buf, "not period w") { x, y in (x + 40, y) }
    }

    func testGlideReflectedTileIsInvariantUnderItsGlide() throws {
        let buf = try render("CIGlideReflectedTile", ["inputCenter": center, "inputWidth": .number(40)])
        assertInvariant(buf, "glide (u + w, w − v)") { x, y in (x + 40, 2 * self.cy + 40 - 1 - y) }
        assertInvariant(buf, "period w along v") { x, y in (x, y + 40) }
        assertNotInvariant(buf, "not a plain mirror") { x, y in (x, 2 * self.cy + 40 - 1 - y) }
        assertNotInvariant(buf, "not period w along u") { x, y in (x + 40, y) }
    }

    func testHexagonalTilesArePeriodicAndMirrorSymmetric() throws {
        for name in ["CISixfoldRotatedTile", "CISixfoldReflectedTile", "CITwelvefoldReflectedTile"] {
            let buf = try render(name, ["inputCenter": center, "inputWidth": .number(hexWidth)])
            assertInvariant(buf, "\(name) lattice period (0, √3·w)", tolerance: 1e-4) { x, y in (x, y + 40) }
            if name == "CISixfoldRotatedTile" {
                assertNotInvariant(buf, "\(name) has no mirror", mirrorY)
            } else {
                assertInvariant(buf, "\(name) mirror about the u axis", mirrorY)
            }
        }
    }

    /// Checks through a position-encoding input that the fold sends p and its turn about
    /// `pivot` by `angle` to the same source point (where the turned point's four neighbours lie
    /// in one cell, so interpolating the encoded positions is exact).
    func assertRotationInvariant(
        _ name: String, _ inputs: [String: FilterValue], pivot: (Double, Double), angle: Double,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let (worst, fraction) = try rotationMismatch(name, inputs, pivot: pivot, angle: angle)
        XCTAssertGreaterThan(fraction, 0.7, "\(name): too few interior points", file: file, line: line)
        XCTAssertLessThan(worst, 2e-3, "\(name) turned by \(angle)", file: file, line: line)
    }

    /// The largest source-position mismatch between points and their turns, and the fraction of points checked.
    func rotationMismatch(
        _ name: String, _ inputs: [String: FilterValue], pivot: (Double, Double), angle: Double
    ) throws -> (Double, Double) {
        // Points within 50 px of the pivot; their turns stay inside the rendered rect.
        let px0 = Int(pivot.0) - 50, py0 = Int(pivot.1) - 50
        let rect = IRect(px0 - 30, py0 - 30, 160, 160)
        let buf = try render(name, inputs, coordinates(IRect(0, 0, 420, 420)), rect: rect)
        var checked = 0, total = 0, worst = 0.0
        for y in py0..<py0 + 100 {
            for x in px0..<px0 + 100 {
                total += 1
                let px = Double(x) + 0.5 - pivot.0, py = Double(y) + 0.5 - pivot.1
                let qx = pivot.0 + px * cos(angle) - py * sin(angle), qy = pivot.1 + px * sin(angle) + py * cos(angle)
                let i0 = Int(floor(qx - 0.5)), j0 = Int(floor(qy - 0.5))
                let f00 = sourcePosition(buf, i0, j0), f10 = sourcePosition(buf, i0 + 1, j0)
                let f01 = sourcePosition(buf, i0, j0 + 1), f11 = sourcePosition(buf, i0 + 1, j0 + 1)
                let ex = (f10.0 - f00.0, f10.1 - f00.1), ey = (f01.0 - f00.0, f01.1 - f00.1)
                let affine =
                    abs(hypot(ex.0, ex.1) - 1) < 1e-3 && abs(hypot(ey.0, ey.1) - 1) < 1e-3
                    && abs(f11.0 - f01.0 - ex.0) < 1e-3 && abs(f11.1 - f01.1 - ex.1) < 1e-3
                guard affine else { continue }
                let tx = qx - 0.5 - Double(i0), ty = qy - 0.5 - Double(j0)
                let fq = (f00.0 + tx * ex.0 + ty * ey.0, f00.1 + tx * ex.1 + ty * ey.1)
                let fp = sourcePosition(buf, x, y)
                worst = max(worst, hypot(fq.0 - fp.0, fq.1 - fp.1))
                checked += 1
            }
        }
        return (worst, Double(checked) / Double(total))
    }

    func testSixfoldAndTwelvefoldTilesAreInvariantUnderA60DegreeTurn() throws {
        for name in ["CISixfoldRotatedTile", "CITwelvefoldReflectedTile"] {
            try assertRotationInvariant(
                name, ["inputCenter": center, "inputWidth": .number(36), "inputAngle": .number(0.2)],
                pivot: (Double(cx), Double(cy)), angle: .pi / 3)
        }
        try assertRotationInvariant(
            "CISixfoldReflectedTile", ["inputCenter": center, "inputWidth": .number(36), "inputAngle": .number(0.2)],
            pivot: (Double(cx), Double(cy)), angle: 2 * .pi / 3)
    }

    func testRotationCheckDetectsAWrongSymmetry() throws {
        // p3m1 has no sixfold turn and p6 no 30° turn: the check must see the difference.
        let inputs: [String: FilterValue] = ["inputCenter": center, "inputWidth": .number(36)]
        let pivot = (Double(cx), Double(cy))
        XCTAssertGreaterThan(try rotationMismatch("CISixfoldReflectedTile", inputs, pivot: pivot, angle: .pi / 3).0, 1)
        XCTAssertGreaterThan(try rotationMismatch("CISixfoldRotatedTile", inputs, pivot: pivot, angle: .pi / 6).0, 1)
    }

    func testTriangleKaleidoscopeMirrorsAcrossItsEdgesAndFadesPerReflection() throws {
        // Side 60√3 with rotation 0: base edge horizontal at y = 200, apex up.
        let side = 60 * 3.0.squareRoot()
        let inputs: [String: FilterValue] = [
            "inputPoint": .vector(Vector(200, 230)), "inputSize": .number(side),
            "inputRotation": .number(0),
        ]
        var noFade = inputs; noFade["inputDecay"] = .number(1)
        let buf = try render("CITriangleKaleidoscope", noFade)
        assertInvariant(buf, "mirror across the base") { x, y in (x, 399 - y) }
        try assertRotationInvariant("CITriangleKaleidoscope", noFade, pivot: (200 - side / 2, 200), angle: 2 * .pi / 3)

        var fading = inputs; fading["inputDecay"] = .number(0.5)
        let faded = try render("CITriangleKaleidoscope", fading)
        let (_, src) = try photo(area)
        var inside = 0
        for y in 200..<260 {
            for x in 150..<250 {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                // Strictly inside the central triangle (base y = 200, apex (200, 290)).
                guard py > 200.5, abs(px - 200) < (290 - py) / 3.0.squareRoot() - 0.5 else { continue }
                inside += 1
                XCTAssertLessThan(TestImages.maxAbs(faded[x, y] - src[x, y]), 1e-5)
                let m = faded[x, 399 - y], p = src[x, y]
                XCTAssertLessThan(
                    TestImages.maxAbs(m - Pixel(p.x * 0.5, p.y * 0.5, p.z * 0.5, p.w)), 1e-5, "one reflection halves the colour")
            }
        }
        XCTAssertGreaterThan(inside, 1000)
    }

    func testTriangleKaleidoscopeAtItsDefaultsLeavesNoTransparentCorner() throws {
        // The default triangle (side 700 around (150, 150)) is larger than this 200² photo.
        let (input, _) = try photo(area)
        let buf = try TestImages.render(try apply("CITriangleKaleidoscope", input), IRect(0, 0, 400, 400))
        for i in 0..<buf.rect.count { XCTAssertEqual(buf.pixels[i].w, 1, accuracy: 1e-6) }
    }

    /// The source cell of each lattice tile, in world coordinates.
    func sourceCell(_ name: String, w: Double, angle a: Double) -> [(Double, Double)] {
        func at(_ r: Double, _ t: Double) -> (Double, Double) { (Double(cx) + r * cos(a + t), Double(cy) + r * sin(a + t)) }
        let o = (Double(cx), Double(cy))
        switch name {
        case "CIFourfoldRotatedTile", "CIGlideReflectedTile", "CIFourfoldReflectedTile", "CIFourfoldTranslatedTile":
            return [o, at(w, 0), at(w * 2.0.squareRoot(), .pi / 4), at(w, .pi / 2)]
        case "CIEightfoldReflectedTile": return [o, at(w, 0), at(w * 2.0.squareRoot(), .pi / 4)]
        case "CITwelvefoldReflectedTile": return [o, at(w, 0), at(w * 3.0.squareRoot() / 2, .pi / 6)]
        default: return [o, at(w, 0), at(w, .pi / 3)]
        }
    }

    func inside(_ poly: [(Double, Double)], _ x: Double, _ y: Double, margin: Double) -> Bool {
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let len = hypot(b.0 - a.0, b.1 - a.1)
            if ((b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)) / len < margin { return false }
        }
        return true
    }

    func testTheSourceCellIsReproducedUnchanged() throws {
        let (input, src) = try photo(area)
        for name in [
            "CIFourfoldRotatedTile", "CIGlideReflectedTile", "CIEightfoldReflectedTile", "CISixfoldRotatedTile",
            "CISixfoldReflectedTile", "CITwelvefoldReflectedTile",
        ] {
            let buf = try render(name, ["inputCenter": center, "inputWidth": .number(45), "inputAngle": .number(0.4)], input)
            let cell = sourceCell(name, w: 45, angle: 0.4)
            var count = 0
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX where inside(cell, Double(x) + 0.5, Double(y) + 0.5, margin: 1e-6) {
                    XCTAssertLessThan(TestImages.maxAbs(buf[x, y] - src[x, y]), 1e-5, "\(name) at (\(x), \(y))")
                    count += 1
                }
            }
            XCTAssertGreaterThan(count, 300, name)
        }
    }

    func testTileEffectsHaveAnInfiniteExtent() throws {
        let (input, _) = try photo(area)
        for name in [
            "CIAffineTile", "CIEightfoldReflectedTile", "CIFourfoldReflectedTile", "CIFourfoldRotatedTile",
            "CIFourfoldTranslatedTile", "CIGlideReflectedTile", "CIPerspectiveTile", "CISixfoldReflectedTile",
            "CISixfoldRotatedTile", "CITriangleKaleidoscope", "CITwelvefoldReflectedTile",
        ] {
            XCTAssertTrue(try apply(name, input).extent.isInfinite, name)
            XCTAssertThrowsError(try Context.renderRect(for: try apply(name, input)), "\(name) needs an explicit rect")
        }
    }

    func testASmallRenderReadsOnlyTheSourceItNeeds() throws {
        let coords = coordinates(IRect(0, 0, 420, 420))
        let names = [
            "CIEightfoldReflectedTile", "CIFourfoldReflectedTile", "CIFourfoldRotatedTile", "CIFourfoldTranslatedTile",
            "CIGlideReflectedTile", "CISixfoldReflectedTile", "CISixfoldRotatedTile", "CITwelvefoldReflectedTile",
        ]
        for name in names {
            let out = try apply(name, coords, ["inputCenter": center, "inputWidth": .number(40), "inputAngle": .number(0.3)])
            let cellBox = sourceCell(name, w: 40, angle: 0.3)
            let cellW = cellBox.map(\.0).max()! - cellBox.map(\.0).min()!,
                cellH = cellBox.map(\.1).max()! - cellBox.map(\.1).min()!
            for rect in [IRect(331, 287, 3, 3), IRect(50, 60, 2, 2), IRect(0, 0, 128, 128), IRect(211, 213, 4, 3)] {
                let region = roi(out, rect)
                let buf = try TestImages.render(out, rect)
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX {
                        let s = sourcePosition(buf, x, y)
                        XCTAssertTrue(covers(region, s.0, s.1), "\(name): ROI \(region) of \(rect) misses \(s)")
                    }
                }
                // Never more than the source cell (a wide-angle cell box plus the bilinear margin).
                XCTAssertLessThanOrEqual(region.width, max(cellW, 40) + 4, "\(name) \(rect)")
                XCTAssertLessThanOrEqual(region.height, max(cellH, 40) + 4, "\(name) \(rect)")
            }
            // A 3×3 render that lies inside one cell (its sources form one unit-spaced grid)
            // reads just the 3×3 source pixels plus the bilinear margin.
            var found = false
            for k in 0..<12 where !found {
                let rect = IRect(331 + 7 * k, 287 - 5 * k, 3, 3)
                let buf = try TestImages.render(out, rect)
                let o = sourcePosition(buf, rect.x, rect.y)
                let ex = sourcePosition(buf, rect.x + 1, rect.y), ey = sourcePosition(buf, rect.x, rect.y + 1)
                let oneCell = (0..<3).allSatisfy { j in
                    (0..<3).allSatisfy { i in
                        let s = sourcePosition(buf, rect.x + i, rect.y + j)
                        let want = (
                            o.0 + Double(i) * (ex.0 - o.0) + Double(j) * (ey.0 - o.0),
                            o.1 + Double(i) * (ex.1 - o.1) + Double(j) * (ey.1 - o.1)
                        )
                        return hypot(s.0 - want.0, s.1 - want.1) < 1e-3
                    }
                }
                guard oneCell else { continue }
                found = true
                let tiny = roi(out, rect)
                XCTAssertLessThanOrEqual(tiny.width * tiny.height, 64, "\(name): a 3×3 render inside one cell reads \(tiny)")
            }
            XCTAssertTrue(found, name)
        }
    }

    func testZeroWidthRepeatsTheCentreAndFlatCellsAreErrors() throws {
        let (input, src) = try photo(area)
        let buf = try render(
            "CIFourfoldRotatedTile", ["inputCenter": .vector(Vector(200.5, 210.5)), "inputWidth": .number(0)],
            rect: IRect(0, 0, 8, 8))
        XCTAssertEqual(buf[3, 5], src[200, 210])
        XCTAssertThrowsError(try apply("CIFourfoldTranslatedTile", input, ["inputAcuteAngle": .number(0)]))
        XCTAssertThrowsError(try apply("CIFourfoldReflectedTile", input, ["inputAcuteAngle": .number(.pi)]))
    }
}
