import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIPageCurlTransition and CIPageCurlWithShadowTransition: the cylinder-wrap geometry against
/// a naive reference, and facts measured on Core Image's render.
extension FoldTransitionTests {
    static let back = TestImages.random(40, 48, seed: 13, opaque: true)

    /// Reference for angle 0 (d = +x), radius 5, extent x 10…40 at time 0.5: the line of
    /// contact at c = 10 + 0.5 · (30 + 5); the whole image is the page, so its part left of
    /// the extent rolls too. A pixel at u = c − x shows, top down: the back (the backside at
    /// x − (5π − 2u) on the flat sheet, u ≤ 0, or at x − (5(π − asin(u/5)) − u) on the roll),
    /// the front (the source at x, u ≤ 0, or at x − (5·asin(u/5) − u), 0 < u < 5), the target.
    func testPageCurlMatchesACylinder() throws {
        let sa = try TestImages.render(Self.a, rect), sb = try TestImages.render(Self.b, rect)
        let sk = try TestImages.render(Self.back, IRect(0, 0, 40, 48))
        let r = 5.0, c = 10 + 0.5 * (30 + r)
        let out = try run(
            "CIPageCurlTransition", time: 0.5,
            ["inputExtent": .vector(Vector(10, 0, 30, 48)), "inputRadius": .number(r), "inputBacksideImage": .image(Self.back)])
        // Bilinear along x, transparent past the image's edge.
        func read(_ buf: PixelBuffer, _ w: Int, _ qx: Double, _ y: Int) -> Pixel {
            guard qx > -1, qx < Double(w) + 1 else { return .zero }
            let sx = qx - 0.5, x0 = Int(sx.rounded(.down)), f = Float(sx - Double(x0))
            let left = x0 >= 0 && x0 < w ? buf[x0, y] : .zero, right = x0 + 1 >= 0 && x0 + 1 < w ? buf[x0 + 1, y] : .zero
            return left * (1 - f) + right * f
        }
        var backs = 0, rolled = 0
        for y in 0..<48 {
            for x in 0..<60 {
                let px = Double(x) + 0.5, u = c - px
                var front = Pixel.zero, back = Pixel.zero
                if u <= 0 {
                    front = sa[x, y]
                    back = read(sk, 40, px - (Double.pi * r - 2 * u), y)
                } else if u < r {
                    front = read(sa, 60, px - (r * asin(u / r) - u), y)
                    back = read(sk, 40, px - (r * (Double.pi - asin(u / r)) - u), y)
                    rolled += 1
                }
                if back.w > 0.99 { backs += 1 }
                let want = back + (front + sb[x, y] * (1 - front.w)) * (1 - back.w)
                XCTAssertLessThan(TestImages.maxAbs(out[x, y] - want), 1e-4, "at \(x),\(y) (u = \(u))")
            }
        }
        XCTAssertGreaterThan(backs, 300, "the page's back shows")
        XCTAssertGreaterThan(rolled, 150, "the roll shows")
    }

    /// Core Image's render (iOS 13.3): a 1500² source and target, a 1000×562 backside, a white
    /// 500² shading image, extent 500², angle 3, radius 400, time 0.99418. Its output extent
    /// is (−1117, 0, 2617, 1814); at these points it shows the back pure white (−300, 400), the
    /// source on the roll outside the extent (50, 1200), the target (300, 700), and nothing
    /// (−800, 400), (−100, 1000). Flat colours stand in for the photographs.
    func testAppleRenderFacts() throws {
        func flat(_ c: Color, _ w: Double, _ h: Double) throws -> Image {
            try apply("CIConstantColorGenerator", nil, ["inputColor": .color(c)]).cropped(to: Rect(0, 0, w, h))
        }
        let out = try apply(
            "CIPageCurlTransition", try flat(Color(1, 0, 0, 1), 1500, 1500),
            [
                "inputTargetImage": .image(try flat(Color(0, 1, 0, 1), 1500, 1500)),
                "inputBacksideImage": .image(try flat(Color(0, 0, 1, 1), 1000, 562)),
                "inputShadingImage": .image(try flat(Color(1, 1, 1, 1), 500, 500)),
                "inputExtent": .vector(Vector(0, 0, 500, 500)), "inputAngle": .number(3), "inputRadius": .number(400),
                "inputTime": .number(0.9941826462745667),
            ])
        let e = IRect(covering: out.extent)
        XCTAssertEqual([e.x, e.y, e.width, e.height], [-1117, 0, 2617, 1814], "output extent")
        let facts: [(Int, Int, Pixel)] = [
            (-300, 400, Pixel(1, 1, 1, 1)), (50, 1200, Pixel(1, 0, 0, 1)), (300, 700, Pixel(0, 1, 0, 1)),
            (-800, 400, .zero), (-100, 1000, .zero),
        ]
        for (x, y, want) in facts {
            let got = try TestImages.render(out, IRect(x, y, 1, 1))[x, y]
            XCTAssertLessThan(TestImages.maxAbs(got - want), 1e-3, "at \(x),\(y): \(got)")
        }
    }

    func testShadowDarkensTheTargetAheadOfTheCurl() throws {
        let inputs: [String: FilterValue] = ["inputExtent": .vector(Vector(0, 0, 60, 48)), "inputRadius": .number(6)]
        let none = try run("CIPageCurlWithShadowTransition", time: 0.5, inputs.merging(["inputShadowAmount": .number(0)]) { $1 })
        let some = try run(
            "CIPageCurlWithShadowTransition", time: 0.5, inputs.merging(["inputShadowAmount": .number(0.9)]) { $1 })
        var darker = 0
        for y in 0..<48 {
            for x in 0..<60 {
                XCTAssertLessThanOrEqual(some[x, y].x, none[x, y].x + 1e-6, "a shadow only darkens")
                if some[x, y].x < none[x, y].x - 0.01 { darker += 1 }
            }
        }
        XCTAssertGreaterThan(darker, 100, "the shadow falls on the target")
        // Limited to an empty-width shadow extent elsewhere: no shadow.
        let away = try run(
            "CIPageCurlWithShadowTransition", time: 0.5,
            inputs.merging(["inputShadowAmount": .number(0.9), "inputShadowExtent": .vector(Vector(500, 500, 10, 10))]) { $1 })
        XCTAssertEqual(TestImages.maxDifference(away, none), 0)
    }
}
