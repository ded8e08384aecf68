import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIToneMapHeadroom against its curve written here, CIDepthToDisparity and
/// CIDisparityToDepth as each other's inverse.
extension ColorAdjustmentTests {
    func testToneMapHeadroomFollowsTheCurveAndIsTheIdentityAtEqualHeadrooms() throws {
        // Extended-range colours up to 4× reference white, alpha below 1.
        let image = TestImages.make(IRect(0, 0, 32, 8)) { x, y in
            let a: Float = 0.5 + Float(y) / 16
            return Pixel(Float(x) / 8 * a, Float(x) / 10 * a, Float(y) / 4 * a, a)
        }
        let src = try TestImages.render(image)
        for (s, t) in [(4.0, 1.0), (8.0, 2.0), (2.0, 5.0)] {
            let got = try TestImages.render(
                apply("CIToneMapHeadroom", image, ["inputSourceHeadroom": .number(s), "inputTargetHeadroom": .number(t)]))
            for i in 0..<src.rect.count {
                let p = src.pixels[i], a = Double(p.w)
                let c = SIMD3(Double(p.x), Double(p.y), Double(p.z)) / a
                let y = 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z
                let f = y * (1 + y * t / (s * s)) / (1 + y / t)
                let want = y > 0 ? c * (f / y) * a : c * a
                let g = got.pixels[i]
                XCTAssertEqual(Double(g.x), want.x, accuracy: 1e-4 * max(1, want.x), "S \(s) T \(t)")
                XCTAssertEqual(Double(g.y), want.y, accuracy: 1e-4 * max(1, want.y))
                XCTAssertEqual(Double(g.z), want.z, accuracy: 1e-4 * max(1, want.z))
                XCTAssertEqual(g.w, p.w)
            }
            // The source peak lands on the target.
            XCTAssertEqual(s * (1 + s * t / (s * s)) / (1 + s / t), t, accuracy: 1e-12)
        }
        for h in [1.0, 3.0] {
            try assertClose(
                apply("CIToneMapHeadroom", image, ["inputSourceHeadroom": .number(h), "inputTargetHeadroom": .number(h)]), image,
                rect: src.rect, tolerance: 0)
        }
        // Unset source headroom: SDR, so the default target 1 changes nothing.
        try assertClose(apply("CIToneMapHeadroom", image), image, rect: src.rect, tolerance: 0)
    }

    func testDepthAndDisparityAreReciprocalsAndInverses() throws {
        let depth = TestImages.make(IRect(0, 0, 16, 4)) { x, y in
            let v = Float(x) * 0.37 + Float(y) * 1.9  // includes 0 (no measurement) and values above 1
            let a: Float = y == 3 ? 0.5 : 1
            return Pixel(v * a, v * 2 * a, (v + 0.25) * a, a)
        }
        let src = try TestImages.render(depth)
        let disparity = try apply("CIDepthToDisparity", depth)
        let got = try TestImages.render(disparity)
        for i in 0..<src.rect.count {
            let p = src.pixels[i], g = got.pixels[i]
            for k in 0..<3 {
                let v = p[k] / p.w
                XCTAssertEqual(g[k] / g.w, v > 0 ? 1 / v : 0, accuracy: 1e-5 * max(1, 1 / max(v, 1e-3)))
            }
            XCTAssertEqual(g.w, p.w)
        }
        let back = try TestImages.render(apply("CIDisparityToDepth", disparity))
        XCTAssertLessThan(TestImages.maxDifference(back, src), 1e-4)
        let again = try TestImages.render(apply("CIDepthToDisparity", apply("CIDisparityToDepth", disparity)))
        XCTAssertLessThan(TestImages.maxDifference(again, got), 1e-4)
    }
}
