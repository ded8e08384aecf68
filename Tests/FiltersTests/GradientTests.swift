import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Gradients against their formulas re-derived in Double.
final class GradientTests: FilterTestCase {
    static let c0 = Color(1, 0.5, 0.2, 1), c1 = Color(0.1, 0.3, 0.9, 0.5)

    func lin(_ c: Color) -> SIMD4<Double> {
        func l(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return SIMD4(l(c.r) * c.a, l(c.g) * c.a, l(c.b) * c.a, c.a)
    }

    /// Compares a render of `image` over `rect` with `weight(x, y)` of color1 against color0.
    func check(
        _ image: Image, _ rect: IRect, _ what: String, tolerance: Double = 2e-6,
        weight: (Double, Double) -> Double
    ) throws {
        XCTAssertTrue(image.extent.isInfinite, what)
        let got = try TestImages.render(image, rect, threads: 2, tile: 17)
        let a = lin(Self.c0), b = lin(Self.c1)
        var worst = 0.0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let t = weight(Double(x) + 0.5, Double(y) + 0.5)
                let want = a * (1 - t) + b * t, g = got[x, y]
                let d = SIMD4(Double(g.x), Double(g.y), Double(g.z), Double(g.w)) - want
                worst = max(worst, max(d.max(), -d.min()))
            }
        }
        XCTAssertLessThan(worst, tolerance, what)
    }

    var colours: [String: FilterValue] { ["inputColor0": .color(Self.c0), "inputColor1": .color(Self.c1)] }

    func testLinearAndSmoothLinearGradients() throws {
        let p0 = (12.0, -7.0), p1 = (70.0, 31.0)
        let inputs = colours.merging(["inputPoint0": .vector(Vector(p0.0, p0.1)), "inputPoint1": .vector(Vector(p1.0, p1.1))]) {
            $1
        }
        func t(_ x: Double, _ y: Double) -> Double {
            let dx = p1.0 - p0.0, dy = p1.1 - p0.1
            return min(max(((x - p0.0) * dx + (y - p0.1) * dy) / (dx * dx + dy * dy), 0), 1)
        }
        let rect = IRect(-30, -40, 140, 110)
        try check(try apply("CILinearGradient", nil, inputs), rect, "linear") { t($0, $1) }
        try check(try apply("CISmoothLinearGradient", nil, inputs), rect, "smooth") { x, y in
            let u = t(x, y)
            return u * u * (3 - 2 * u)
        }
        // Defaults: white at the origin to black at (200, 200), opaque.
        let d = try apply("CILinearGradient", nil)
        XCTAssertTrue(d.isOpaque)
        let far = try TestImages.render(d, IRect(5000, 5000, 1, 1))
        XCTAssertEqual(far[5000, 5000], Pixel(0, 0, 0, 1))
        XCTAssertThrowsError(
            try apply("CILinearGradient", nil, ["inputPoint0": .vector(Vector(5, 5)), "inputPoint1": .vector(Vector(5, 5))]))
    }

    func testSmoothGradientStartsAndEndsFlat() throws {
        let g = try apply(
            "CISmoothLinearGradient", nil, ["inputPoint0": .vector(Vector(0, 0)), "inputPoint1": .vector(Vector(100, 0))])
        let row = try TestImages.render(g, IRect(0, 0, 100, 1))
        let lin = try TestImages.render(
            try apply(
                "CILinearGradient", nil,
                [
                    "inputPoint0": .vector(Vector(0, 0)),
                    "inputPoint1": .vector(Vector(100, 0)),
                ]), IRect(0, 0, 100, 1))
        XCTAssertLessThan(abs(row[1, 0].x - row[0, 0].x), abs(lin[1, 0].x - lin[0, 0].x) / 10)
        XCTAssertGreaterThan(abs(row[50, 0].x - row[49, 0].x), abs(lin[50, 0].x - lin[49, 0].x))
    }

    func testRadialGradient() throws {
        let c = (40.0, 25.0)
        for (r0, r1) in [(5.0, 30.0), (30.0, 5.0), (0.0, 20.0)] {
            let inputs = colours.merging([
                "inputCenter": .vector(Vector(c.0, c.1)), "inputRadius0": .number(r0),
                "inputRadius1": .number(r1),
            ]) { $1 }
            try check(try apply("CIRadialGradient", nil, inputs), IRect(0, 0, 80, 50), "radial \(r0)→\(r1)") { x, y in
                let d = ((x - c.0) * (x - c.0) + (y - c.1) * (y - c.1)).squareRoot()
                return min(max((d - r0) / (r1 - r0), 0), 1)
            }
        }
        // Equal radii: a disc whose rim is anti-aliased over one pixel.
        let disc = try apply(
            "CIRadialGradient", nil,
            [
                "inputCenter": .vector(Vector(20, 20)), "inputRadius0": .number(10.2),
                "inputRadius1": .number(10.2),
            ])
        let row = try TestImages.render(disc, IRect(0, 20, 40, 1))
        let partial = (0..<40).filter { row[$0, 20].x > 1e-6 && row[$0, 20].x < 1 - 1e-6 }
        XCTAssertEqual(partial.count, 2, "one partial pixel on each side: \(partial)")
        XCTAssertEqual(row[20, 20], Pixel(1, 1, 1, 1)); XCTAssertEqual(row[0, 20], Pixel(0, 0, 0, 1))
    }

    func testGaussianGradient() throws {
        let c = (33.0, 21.0), radius = 45.0
        let inputs = colours.merging(["inputCenter": .vector(Vector(c.0, c.1)), "inputRadius": .number(radius)]) { $1 }
        try check(try apply("CIGaussianGradient", nil, inputs), IRect(-20, -20, 110, 90), "gaussian") { x, y in
            let d2 = (x - c.0) * (x - c.0) + (y - c.1) * (y - c.1)
            let sigma = radius / 3
            return 1 - exp(-d2 / (2 * sigma * sigma))
        }
        // Defaults: white at the centre fading to transparent.
        let d = try apply("CIGaussianGradient", nil)
        let buf = try TestImages.render(d, IRect(0, 0, 600, 300))
        XCTAssertGreaterThan(buf[150, 150].w, 0.99)
        XCTAssertLessThan(buf[449, 150].w, 0.012, "about 1% left at the radius")
        XCTAssertFalse(d.isOpaque)
    }
}
