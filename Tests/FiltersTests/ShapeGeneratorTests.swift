import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The shape generators against supersampled coverage of the shapes (inside tests written
/// here from the geometry) and numerically integrated Gaussian blur.
final class ShapeGeneratorTests: FilterTestCase {
    /// Is (x, y) inside the rectangle with corners rounded by r (r ≤ half the shorter side)?
    func inside(_ x: Double, _ y: Double, _ rect: Rect, _ r: Double) -> Bool {
        guard x >= rect.x, x <= rect.x + rect.width, y >= rect.y, y <= rect.y + rect.height else { return false }
        // In a corner square, inside only within r of the corner circle's centre.
        let cx = x < rect.x + r ? rect.x + r : (x > rect.x + rect.width - r ? rect.x + rect.width - r : x)
        let cy = y < rect.y + r ? rect.y + r : (y > rect.y + rect.height - r ? rect.y + rect.height - r : y)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }

    func supersampled(_ px: Int, _ py: Int, n: Int = 16, _ test: (Double, Double) -> Bool) -> Double {
        var hits = 0
        for i in 0..<n {
            for j in 0..<n where test(Double(px) + (Double(i) + 0.5) / Double(n), Double(py) + (Double(j) + 0.5) / Double(n)) {
                hits += 1
            }
        }
        return Double(hits) / Double(n * n)
    }

    func render(_ name: String, _ inputs: [String: FilterValue], _ rect: IRect) throws -> PixelBuffer {
        try TestImages.render(try apply(name, nil, inputs), rect)
    }

    func testRoundedRectangleCoverage() throws {
        let rect = Rect(10.3, 5, 60, 37.5)
        let color = Color(0.2, 0.6, 1, 1)
        let buf = try render(
            "CIRoundedRectangleGenerator",
            [
                "inputExtent": .vector(Vector(10.3, 5, 60, 37.5)), "inputRadius": .number(12),
                "inputColor": .color(color),
            ], IRect(0, 0, 80, 50))
        var worst = 0.0, edge = 0.0
        for y in 0..<50 {
            for x in 0..<80 {
                let want = supersampled(x, y) { inside($0, $1, rect, 12) }
                worst = max(worst, abs(Double(buf[x, y].w) - want))
                if y > 20 && y < 30 && (x == 10 || x == 70) { edge = max(edge, abs(Double(buf[x, y].w) - (x == 10 ? 0.7 : 0.3))) }
            }
        }
        XCTAssertLessThan(worst, 0.06, "corners within the supersampled coverage")
        XCTAssertLessThan(edge, 1e-5, "straight edges: exact area")
        let centre = buf[40, 25]
        XCTAssertEqual(Double(centre.z), 1, accuracy: 1e-6)
        XCTAssertEqual(Double(centre.x), pow((0.2 + 0.055) / 1.055, 2.4), accuracy: 1e-4, "linear working space")
        let huge = try render(
            "CIRoundedRectangleGenerator", ["inputExtent": .vector(Vector(0, 0, 40, 20)), "inputRadius": .number(500)],
            IRect(0, 0, 40, 20))
        XCTAssertEqual(Double(huge[20, 10].w), 1, "radius clamped to half the shorter side: a stadium")
        XCTAssertLessThan(Double(huge[0, 0].w), 0.01)
    }

    func testRoundedRectangleStrokeIsTheBandInside() throws {
        for (radius, width) in [(14.0, 5.0), (3.0, 7.5)] {
            let rect = Rect(4, 6, 70, 40)
            let buf = try render(
                "CIRoundedRectangleStrokeGenerator",
                [
                    "inputExtent": .vector(Vector(4, 6, 70, 40)), "inputRadius": .number(radius),
                    "inputWidth": .number(width),
                ], IRect(0, 0, 80, 50))
            let inner = Rect(rect.x + width, rect.y + width, rect.width - 2 * width, rect.height - 2 * width)
            var worst = 0.0
            for y in 0..<50 {
                for x in 0..<80 {
                    let want = supersampled(x, y) {
                        inside($0, $1, rect, radius) && !inside($0, $1, inner, max(radius - width, 0))
                    }
                    worst = max(worst, abs(Double(buf[x, y].w) - want))
                }
            }
            XCTAssertLessThan(worst, radius > width ? 0.08 : 0.04, "radius \(radius), width \(width)")
            XCTAssertEqual(buf[40, 26].w, 0, "hollow")
        }
    }

    func testBlurredRectangleIsTheIntegratedGaussian() throws {
        // The pixel average of Φ((x1 − t)/σ) − Φ((x0 − t)/σ), by numeric subsampling.
        func axis(_ p: Int, _ lo: Double, _ hi: Double, _ sigma: Double) -> Double {
            var s = 0.0
            for i in 0..<64 {
                let t = Double(p) + (Double(i) + 0.5) / 64
                s +=
                    sigma == 0
                    ? (t >= lo && t < hi ? 1 : 0)
                    : 0.5 * (erf((hi - t) / (sigma * 2.squareRoot())) - erf((lo - t) / (sigma * 2.squareRoot())))
            }
            return s / 64
        }
        for sigma in [0.0, 0.7, 6.0] {
            let out = try apply(
                "CIBlurredRectangleGenerator", nil,
                [
                    "inputExtent": .vector(Vector(20.5, 15, 40, 25)), "inputSigma": .number(sigma),
                    "inputColor": .color(Color(1, 1, 1, 0.5)),
                ])
            XCTAssertEqual(out.extent, Rect(20.5 - 4 * sigma, 15 - 4 * sigma, 40 + 8 * sigma, 25 + 8 * sigma))
            let buf = try TestImages.render(out, IRect(-30, -30, 150, 110))
            var worst = 0.0, mass = 0.0
            for y in -30..<80 {
                for x in -30..<120 {
                    worst = max(worst, abs(Double(buf[x, y].w) - 0.5 * axis(x, 20.5, 60.5, sigma) * axis(y, 15, 40, sigma)))
                    mass += Double(buf[x, y].w)
                }
            }
            XCTAssertLessThan(worst, 2e-3, "sigma \(sigma)")
            XCTAssertEqual(mass, 0.5 * 40 * 25, accuracy: 0.5 * 40 * 25 * 1e-3, "the blur keeps the rectangle's mass")
        }
    }
}
