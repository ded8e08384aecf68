import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIHeightFieldFromMask against a naive diffusion written here (direct Gaussian sums with
/// zero outside the mask, re-masked each step) and the shape of Apple's render.
extension StylizeTests {
    /// A white rectangle (and a 3-px stroke) on black, 40 × 24 at the origin.
    private var heightMask: Image {
        TestImages.make(IRect(0, 0, 40, 24)) { x, y in
            let inside = (4..<26).contains(x) && (4..<20).contains(y) || (31..<34).contains(x) && (2..<22).contains(y)
            return inside ? Pixel(1, 1, 1, 1) : Pixel(0, 0, 0, 1)
        }
    }

    /// h₀ = m, h ← m · G_σ(h), 8 times; σ = 0.3 · radius, zero outside the image.
    private func naiveHeightField(_ m: [[Double]], radius: Double) -> [[Double]] {
        let sigma = 0.3 * radius, r = Int((3.5 * sigma).rounded(.up))
        let w = (-r...r).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = w.reduce(0, +)
        let k = w.map { $0 / sum }
        let rows = m.count, cols = m[0].count
        var h = m
        for _ in 0..<8 {
            var t = h
            for y in 0..<rows {
                for x in 0..<cols {
                    var s = 0.0
                    for i in -r...r where (0..<cols).contains(x + i) { s += k[i + r] * h[y][x + i] }
                    t[y][x] = s
                }
            }
            for y in 0..<rows {
                for x in 0..<cols {
                    var s = 0.0
                    for i in -r...r where (0..<rows).contains(y + i) { s += k[i + r] * t[y + i][x] }
                    h[y][x] = s * m[y][x]
                }
            }
        }
        return h
    }

    func testHeightFieldIsMaskedDiffusion() throws {
        let maskImage = heightMask
        let buf = try TestImages.render(maskImage)
        let m = (0..<24).map { y in (0..<40).map { x in Double(buf[x, y].x) } }
        let out = try apply("CIHeightFieldFromMask", maskImage, ["inputRadius": .number(6)])
        XCTAssertEqual(out.extent, Rect(0, 0, 40, 24))
        let got = try TestImages.render(out)
        let want = naiveHeightField(m, radius: 6)
        var worst = 0.0
        for y in 0..<24 {
            for x in 0..<40 {
                let p = got[x, y]
                XCTAssertEqual(p.w, 1, "opaque")
                XCTAssertEqual(p.x, p.y)
                worst = max(worst, abs(Double(p.x) - want[y][x]))
            }
        }
        XCTAssertLessThan(worst, 2e-3)
    }

    func testHeightFieldHasApplesShape() throws {
        // Apple (radius 25): 0 outside the mask and on its edge, rising inward; a thin
        // stroke rises far less than a wide area.
        let got = try TestImages.render(try apply("CIHeightFieldFromMask", heightMask, ["inputRadius": .number(6)]))
        XCTAssertEqual(got[2, 12].x, 0)
        XCTAssertEqual(got[28, 12].x, 0)
        let column = (4..<15).map { got[$0, 12].x }
        XCTAssertEqual(column, column.sorted(), "rises from the edge to the middle")
        XCTAssertGreaterThan(got[15, 12].x, 0.6)
        XCTAssertLessThan(got[32, 12].x, got[15, 12].x / 3)
        // Radius 0 is the mask itself.
        let flat = try TestImages.render(try apply("CIHeightFieldFromMask", heightMask, ["inputRadius": .number(0)]))
        XCTAssertEqual(TestImages.maxDifference(flat, try TestImages.render(heightMask)), 0)
    }
}
