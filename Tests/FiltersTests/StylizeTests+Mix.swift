import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIMix and the red/blue mask blends against mix(background, image, t), written here.
extension StylizeTests {
    /// Asserts `got` is b·(1 − t) + f·t at every pixel of `xs` × `ys`, t = `weight(x, y)`.
    func assertCrossFade(
        _ got: PixelBuffer, _ b: PixelBuffer, _ f: PixelBuffer, xs: Range<Int>, ys: Range<Int>, _ what: String,
        weight: (Int, Int) -> Double
    ) {
        for y in ys {
            for x in xs {
                let t = weight(x, y)
                let want = double(b[x, y]) * (1 - t) + double(f[x, y]) * t
                let error = TestImages.maxAbs(got[x, y] - Pixel(Float(want.x), Float(want.y), Float(want.z), Float(want.w)))
                XCTAssertLessThan(error, 1e-6, what)
            }
        }
    }

    func testBlendWithRedAndBlueMasksUseTheirChannel() throws {
        let fg = TestImages.random(10, 8, seed: 21), bg = TestImages.random(12, 6, seed: 22, origin: (-1, 1))
        let mask = TestImages.random(7, 7, seed: 23, origin: (2, 0))
        let f = try TestImages.render(fg), b = try TestImages.render(bg), m = try TestImages.render(mask)
        for (name, channel) in [("CIBlendWithRedMask", 0), ("CIBlendWithBlueMask", 2)] {
            let out = try apply(name, fg, ["inputBackgroundImage": .image(bg), "inputMaskImage": .image(mask)])
            XCTAssertEqual(out.extent, Rect(-1, 0, 12, 8), name)
            let got = try TestImages.render(out)
            assertCrossFade(got, b, f, xs: -1..<11, ys: 0..<8, name) { x, y in Double(m[x, y][channel]) }
            XCTAssertEqual(got[0, 7], b[0, 7], "\(name): outside the mask shows the background")
        }
    }

    func testMixCrossFadesAndClampsTheAmount() throws {
        let fg = TestImages.random(9, 7, seed: 24), bg = TestImages.random(9, 7, seed: 25, origin: (1, -1))
        let f = try TestImages.render(fg), b = try TestImages.render(bg)
        for (amount, t) in [(0.3, 0.3), (-2.0, 0.0), (5.0, 1.0), (1.0, 1.0)] {
            let out = try apply("CIMix", fg, ["inputBackgroundImage": .image(bg), "inputAmount": .number(amount)])
            XCTAssertEqual(out.extent, Rect(0, -1, 10, 8))
            let got = try TestImages.render(out)
            assertCrossFade(got, b, f, xs: 0..<10, ys: -1..<7, "amount \(amount)") { _, _ in t }
        }
        // The identity amount leaves the image unchanged where it lies.
        let same = try TestImages.render(apply("CIMix", fg, ["inputBackgroundImage": .image(bg)]), IRect(0, 0, 9, 7))
        XCTAssertEqual(TestImages.maxDifference(same, try TestImages.render(fg, IRect(0, 0, 9, 7))), 0)
    }
}
