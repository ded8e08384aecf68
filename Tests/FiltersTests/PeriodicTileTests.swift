import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIAffineTile and CIPerspectiveTile: the input repeated forever, then mapped by an affine
/// transform or a homography; checked against periodic bilinear sampling at the inverse map
/// (the homography solved independently here by direct linear transformation).
final class PeriodicTileTests: WarpTestCase {
    let box = IRect(150, 150, 40, 30)

    /// The homography sending each `from` point to its `to` point: the 8×8 DLT system with
    /// h₃₃ = 1, solved by Gaussian elimination. Returns (h0…h7).
    func solveHomography(_ from: [(Double, Double)], _ to: [(Double, Double)]) -> [Double] {
        var m = [[Double]]()
        for ((x, y), (X, Y)) in zip(from, to) {
            m.append([x, y, 1, 0, 0, 0, -x * X, -y * X, X])
            m.append([0, 0, 0, x, y, 1, -x * Y, -y * Y, Y])
        }
        for col in 0..<8 {
            let pivot = (col..<8).max { abs(m[$0][col]) < abs(m[$1][col]) }!
            m.swapAt(col, pivot)
            for row in 0..<8 where row != col {
                let f = m[row][col] / m[col][col]
                for k in col..<9 { m[row][k] -= f * m[col][k] }
            }
        }
        return (0..<8).map { m[$0][8] / m[$0][$0] }
    }

    func corners(_ q: [(Double, Double)]) -> [String: FilterValue] {
        [
            "inputBottomLeft": .vector(Vector(q[0].0, q[0].1)), "inputBottomRight": .vector(Vector(q[1].0, q[1].1)),
            "inputTopRight": .vector(Vector(q[2].0, q[2].1)), "inputTopLeft": .vector(Vector(q[3].0, q[3].1)),
        ]
    }

    func testPerspectiveTileMatchesTheProjectiveMapOfThePeriodicImage() throws {
        let (input, src) = try photo(box)
        // A symmetric trapezoid: its vanishing line is y = 200.
        let quad = [(100.0, 100.0), (200.0, 100.0), (170.0, 160.0), (130.0, 160.0)]
        let boxCorners = [(150.0, 150.0), (190.0, 150.0), (190.0, 180.0), (150.0, 180.0)]
        let g = solveHomography(quad, boxCorners)
        func depth(_ x: Double, _ y: Double) -> Double { g[6] * x + g[7] * y + 1 }
        let side = depth(150, 130)
        let out = try apply("CIPerspectiveTile", input, corners(quad))
        XCTAssertTrue(out.extent.isInfinite)
        let rect = IRect(60, 60, 180, 180)
        let got = try TestImages.render(out, rect, threads: 2, tile: 32)
        var worst = 0.0, compared = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let w = depth(px, py)
                if w * side <= 0 {
                    XCTAssertEqual(got[x, y], .zero, "beyond the vanishing line (\(x), \(y))")
                    continue
                }
                let sx = (g[0] * px + g[1] * py + g[2]) / w, sy = (g[3] * px + g[4] * py + g[5]) / w
                guard abs(sx) < 5000, abs(sy) < 5000 else { continue }  // too close to the horizon to compare
                let d = pixel(got[x, y]) - periodicBilinear(src, sx, sy)
                worst = max(worst, max(d.max(), -d.min())); compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20_000)
        XCTAssertLessThan(worst, 1e-4)
    }

    func testAParallelogramPerspectiveTileIsTheAffineTile() throws {
        let (input, _) = try photo(box)
        let quad = [(120.0, 110.0), (176.0, 124.0), (166.0, 166.0), (110.0, 152.0)]
        // Linear part: the box's edges (40, 0) and (0, 30) go to BR − BL and TL − BL.
        let a = (176.0 - 120) / 40, b = (124.0 - 110) / 40, c = (110.0 - 120) / 30, d = (152.0 - 110) / 30
        let t = Transform(a, b, c, d, 120 - (a * 150 + c * 150), 110 - (b * 150 + d * 150))
        try assertClose(
            try apply("CIPerspectiveTile", input, corners(quad)),
            try apply("CIAffineTile", input, ["inputTransform": .transform(t)]),
            rect: IRect(40, 40, 200, 200), tolerance: 1e-4)
    }

    func testPerspectiveTileRejectsFoldedCorners() throws {
        let (input, _) = try photo(box)
        let bowTie = [(100.0, 100.0), (200.0, 100.0), (130.0, 160.0), (170.0, 160.0)]
        XCTAssertThrowsError(try apply("CIPerspectiveTile", input, corners(bowTie)))
        let arrow = [(100.0, 100.0), (200.0, 100.0), (150.0, 110.0), (150.0, 200.0)]
        XCTAssertThrowsError(try apply("CIPerspectiveTile", input, corners(arrow)))
        let line = [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]
        XCTAssertThrowsError(try apply("CIPerspectiveTile", input, corners(line)))
    }

    func testPerspectiveTileRegionOfInterestIsBoundedByTheTile() throws {
        let (input, _) = try photo(box)
        let out = try apply("CIPerspectiveTile", input, corners([(100, 100), (200, 100), (170, 160), (130, 160)]))
        let small = roi(out, IRect(140, 110, 3, 3))
        XCTAssertLessThanOrEqual(small.width * small.height, 49, "\(small)")
        // A rect crossing the vanishing line needs the whole tile, and never more.
        XCTAssertEqual(roi(out, IRect(100, 190, 50, 20)), box.rect)
        XCTAssertEqual(roi(out, IRect(-500, -500, 1000, 1000)), box.rect)
    }

    func testAffineTileMatchesPeriodicSamplingAtTheInverseTransform() throws {
        let (input, src) = try photo(box)
        let theta = 0.4, k = 0.7
        let t = Transform(k * cos(theta), k * sin(theta), -k * sin(theta), k * cos(theta), 5, -3)
        let out = try apply("CIAffineTile", input, ["inputTransform": .transform(t)])
        XCTAssertTrue(out.extent.isInfinite)
        let got = try TestImages.render(out, IRect(60, 80, 150, 120), threads: 2, tile: 32)
        let err = worstError(got) { x, y in
            let dx = (x - 5) / k, dy = (y + 3) / k
            return self.periodicBilinear(src, dx * cos(theta) + dy * sin(theta), -dx * sin(theta) + dy * cos(theta))
        }
        XCTAssertLessThan(err, 2e-5)
        // A 4×4 render reads a few source pixels, or a whole period along an axis where its
        // source straddles the tile's seam (a single rect cannot hold both ends).
        var smallOnes = 0
        for k in 0..<8 {
            let small = roi(out, IRect(100 + 9 * k, 130 + 5 * k, 4, 4))
            XCTAssertTrue(small.width <= 10 || small.width == 40, "\(small)")
            XCTAssertTrue(small.height <= 10 || small.height == 30, "\(small)")
            if small.width <= 10 && small.height <= 10 { smallOnes += 1 }
        }
        XCTAssertGreaterThanOrEqual(smallOnes, 3)
        XCTAssertEqual(roi(out, IRect(0, 0, 500, 500)), box.rect)
    }

    func testAffineTileWithTheIdentityRepeatsTheImageExactly() throws {
        let (input, src) = try photo(box)
        let out = try apply("CIAffineTile", input)
        let got = try TestImages.render(out, IRect(100, 100, 150, 120))
        for y in 100..<220 {
            for x in 100..<250 {
                let sx = 150 + (((x - 150) % 40) + 40) % 40, sy = 150 + (((y - 150) % 30) + 30) % 30
                XCTAssertEqual(got[x, y], src[sx, sy])
            }
        }
        XCTAssertThrowsError(try apply("CIAffineTile", input, ["inputTransform": .transform(Transform(1, 2, 2, 4, 0, 0))]))
    }
}
