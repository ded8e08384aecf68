import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIKaleidoscope: the symmetries of its segments, the source wedge reproduced unchanged,
/// transparency where the wedge leaves the input, and Apple's extent.
extension TileTests {
    func testKaleidoscopeHasTheSymmetriesOfItsSegments() throws {
        // Four segments about a pixel corner: a quarter turn and the mirrors across the
        // horizontal axis (a segment edge) and the diagonal (a bisector) keep it.
        let buf = try render("CIKaleidoscope", ["inputCenter": center, "inputCount": .number(4)])
        assertInvariant(buf, "quarter turn", quarterTurn)
        assertInvariant(buf, "mirror across the segment edge", mirrorY)
        assertInvariant(buf, "mirror across the bisector", diagonal)
        let three = try render("CIKaleidoscope", ["inputCenter": center, "inputCount": .number(3)])
        assertInvariant(three, "mirror across the segment edge", mirrorY)
        assertNotInvariant(three, "three segments have no quarter-turn symmetry", quarterTurn)
        try assertRotationInvariant(
            "CIKaleidoscope", ["inputCenter": center, "inputCount": .number(3)],
            pivot: (Double(cx), Double(cy)), angle: 2 * .pi / 3)
    }

    func testKaleidoscopeReproducesItsSourceWedgeAndClipsToTheInput() throws {
        let (input, src) = try photo(area)
        let angle = 0.3, count = 5.0
        let out = try apply(
            "CIKaleidoscope", input,
            [
                "inputCenter": center, "inputCount": .number(count),
                "inputAngle": .number(angle),
            ])
        // Extent: the centre ± the distance to the input's farthest corner (100, 300), exactly
        // (fractional, as Apple's centre ± 1011.65; saving renders it on its own grid).
        let reach = hypot(100.0, 110.0)
        XCTAssertEqual(out.extent.x, Double(cx) - reach, accuracy: 1e-9)
        XCTAssertEqual(out.extent.maxY, Double(cy) + reach, accuracy: 1e-9)
        let buf = try TestImages.render(out, big)
        let wedge = [
            (Double(cx), Double(cy)), (Double(cx) + 300 * cos(angle), Double(cy) + 300 * sin(angle)),
            (Double(cx) + 300 * cos(angle + .pi / count), Double(cy) + 300 * sin(angle + .pi / count)),
        ]
        var count1 = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX
            where inside(wedge, Double(x) + 0.5, Double(y) + 0.5, margin: 1e-6) {
                XCTAssertLessThan(TestImages.maxAbs(buf[x, y] - src[x, y]), 1e-5, "(\(x), \(y))")
                count1 += 1
            }
        }
        XCTAssertGreaterThan(count1, 2000)
        // Far along the source direction the wedge has left the 200² input: transparent, not clamped.
        let far = (Int(Double(cx) + 140 * cos(angle + 0.1)), Int(Double(cy) + 140 * sin(angle + 0.1)))
        XCTAssertEqual(buf[far.0, far.1].w, 0)
        XCTAssertThrowsError(try apply("CIKaleidoscope", input, ["inputCount": .number(0.5)]))
    }
}
