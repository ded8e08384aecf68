import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIDistanceGradientFromRedMask against a brute-force distance transform, and
/// CIHueSaturationValueGradient against the HSV formula, both written here.
extension GradientTests {
    func testDistanceGradientMatchesBruteForce() throws {
        // A few mask blobs and single pixels on a 48×36 image at an odd origin.
        let rect = IRect(-7, 4, 48, 36)
        let inMask: (Int, Int) -> Bool = { x, y in
            let a = (x - 3) * (x - 3) + (y - 15) * (y - 15) <= 9
            let b = x == 30 && y == 33
            let c = (x >= 20 && x < 24 && y >= 8 && y < 10)
            return a || b || c
        }
        let mask = TestImages.make(rect) { x, y in inMask(x, y) ? Pixel(0.9, 0, 0, 1) : Pixel(0.3, 0.8, 0.8, 1) }
        var sites: [(Int, Int)] = []
        for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX where inMask(x, y) { sites.append((x, y)) } }
        for maxD in [6.0, 25.0] {
            let out = try apply("CIDistanceGradientFromRedMask", mask, ["inputMaximumDistance": .number(maxD)])
            XCTAssertEqual(out.extent, mask.extent)
            let got = try TestImages.render(out, rect, threads: 2, tile: 16)
            var worst: Float = 0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let d = sites.map { (Double($0.0 - x) * Double($0.0 - x) + Double($0.1 - y) * Double($0.1 - y)).squareRoot() }
                        .min()!
                    let want = Float(min(d / maxD, 1))
                    let g = got[x, y]
                    worst = max(worst, abs(g.x - want))
                    XCTAssertEqual(g.y, g.x)
                    XCTAssertEqual(g.w, 1)
                }
            }
            XCTAssertLessThan(worst, 1e-5, "maximum distance \(maxD)")
        }
    }

    func testHueSaturationValueGradientFollowsHSV() throws {
        func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func hsv(_ h: Double, _ s: Double, _ v: Double) -> SIMD3<Double> {
            // The sector formula (Foley & van Dam), independent of the filter's.
            let i = Int(h * 6) % 6, f = h * 6 - Double(Int(h * 6))
            let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
            switch i {
            case 0: return SIMD3(v, t, p)
            case 1: return SIMD3(q, v, p)
            case 2: return SIMD3(p, v, t)
            case 3: return SIMD3(p, q, v)
            case 4: return SIMD3(t, p, v)
            default: return SIMD3(v, p, q)
            }
        }
        let radius = 40.0
        let out = try apply(
            "CIHueSaturationValueGradient", nil,
            ["inputRadius": .number(radius), "inputValue": .number(0.8), "inputDither": .number(0)])
        XCTAssertEqual(out.extent, Rect(-40, -40, 80, 80))
        let got = try TestImages.render(out, IRect(-40, -40, 80, 80))
        var checked = 0
        for y in -40..<40 {
            for x in -40..<40 {
                let cx = Double(x) + 0.5, cy = Double(y) + 0.5
                let d = (cx * cx + cy * cy).squareRoot()
                let g = got[x, y]
                if d > radius + 1 { XCTAssertEqual(g.w, 0); continue }
                guard d < radius - 1 else { continue }
                var h = atan2(cy, cx) / (2 * .pi)
                if h < 0 { h += 1 }
                let c = hsv(h, d / radius, 0.8)
                XCTAssertEqual(Double(g.x), decode(c.x), accuracy: 1e-4, "(\(x), \(y))")
                XCTAssertEqual(Double(g.y), decode(c.y), accuracy: 1e-4)
                XCTAssertEqual(Double(g.z), decode(c.z), accuracy: 1e-4)
                XCTAssertEqual(g.w, 1)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 4000)
        // Red on +x, green a third of a turn counter-clockwise (up and left), and dither is zero-mean.
        XCTAssertGreaterThan(got[38, 0].x, got[38, 0].y * 10)
        XCTAssertGreaterThan(got[-20, 33].y, got[-20, 33].x * 10)
        let dithered = try TestImages.render(
            apply(
                "CIHueSaturationValueGradient", nil,
                ["inputRadius": .number(radius), "inputValue": .number(0.8), "inputDither": .number(3)]),
            IRect(-40, -40, 80, 80))
        let change = TestImages.maxDifference(dithered, got)
        XCTAssertGreaterThan(change, 0)
        XCTAssertLessThan(change, 3.0 / 255, "±1.5 levels of encoded noise moves linear values by less")
    }
}
