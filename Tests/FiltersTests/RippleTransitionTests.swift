import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIRippleTransition: the source ahead of the wave and at time 0, the target behind it and
/// at time 1, and a displacement along the rays from the centre that depends only on the
/// distance (a radially symmetric input stays radially symmetric).
final class RippleTransitionTests: FilterTestCase {
    /// A radial ramp around (cx, cy) (pixel centres at +½): its value is the distance / 60.
    func radial(_ cx: Double, _ cy: Double, _ rect: IRect, tint: Float) -> Image {
        TestImages.make(rect) { x, y in
            let d = Float(hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy) / 60)
            return Pixel(min(d, 1), tint, 1 - min(d, 1), 1)
        }
    }

    func ripple(
        _ a: Image, _ b: Image, time: Double, scale: Double = 12, extra: [String: FilterValue] = [:]
    ) throws -> PixelBuffer {
        let inputs: [String: FilterValue] = [
            "inputTargetImage": .image(b), "inputTime": .number(time), "inputCenter": .vector(Vector(40, 40)),
            "inputExtent": .vector(Vector(0, 0, 80, 80)), "inputWidth": .number(24), "inputScale": .number(scale),
        ]
        return try TestImages.render(try apply("CIRippleTransition", a, inputs.merging(extra) { $1 }), IRect(0, 0, 80, 80))
    }

    func testEndsAndBothSidesOfTheWave() throws {
        let rect = IRect(0, 0, 80, 80)
        let a = TestImages.random(80, 80, seed: 3, opaque: true), b = TestImages.random(80, 80, seed: 4, opaque: true)
        let sa = try TestImages.render(a), sb = try TestImages.render(b)
        XCTAssertEqual(TestImages.maxDifference(try ripple(a, b, time: 0), sa), 0, "time 0 is the source")
        XCTAssertEqual(TestImages.maxDifference(try ripple(a, b, time: 1), sb), 0, "time 1 is the target")
        // Time 0.4: the wave's leading edge at 0.4 · (40√2 + 24), its trailing edge 24 px inside.
        let front = 0.4 * (40 * 2.0.squareRoot() + 24)
        let out = try ripple(a, b, time: 0.4)
        var inside = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let d = hypot(Double(x) + 0.5 - 40, Double(y) + 0.5 - 40)
                if d > front + 0.01 { XCTAssertEqual(out[x, y], sa[x, y], "ahead of the wave at \(x),\(y)") }
                if d < front - 24 - 0.01 { XCTAssertEqual(out[x, y], sb[x, y], "behind the wave at \(x),\(y)") }
                if d < front - 2, d > front - 22, TestImages.maxAbs(out[x, y] - sa[x, y]) > 0.01 { inside += 1 }
            }
        }
        XCTAssertGreaterThan(inside, 100, "the wave changes the image")
    }

    /// Oracle: a radial ramp read along rays gives out(r) − centre symmetric under quarter
    /// turns about the centre (a pixel-corner centre maps pixel centres onto pixel centres),
    /// and the displacement matches scale · sin 2πu at the wave's middle third.
    func testDisplacementIsRadial() throws {
        let rect = IRect(0, 0, 80, 80)
        let a = radial(40, 40, rect, tint: 0.2), b = radial(40, 40, rect, tint: 0.8)
        let out = try ripple(a, b, time: 0.45)
        let flat = try ripple(a, b, time: 0.45, scale: 0)
        var moved = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let p = out[x, y]
                for (qx, qy) in [(79 - y, x), (79 - x, 79 - y), (y, 79 - x)] {
                    XCTAssertLessThan(TestImages.maxAbs(out[qx, qy] - p), 2e-4, "quarter turn of \(x),\(y)")
                }
                if TestImages.maxAbs(p - flat[x, y]) > 0.02 { moved += 1 }
            }
        }
        XCTAssertGreaterThan(moved, 40, "scale 12 displaces the wave")
        // Both ramps' red channel is the distance / 60, so it reads the distance sampled,
        // d − 12 · sin 2πu (bilinear sampling of a radial ramp is exact to about a pixel).
        let front = 0.45 * (40 * 2.0.squareRoot() + 24)
        for x in 40..<80 {
            let d = hypot(Double(x) + 0.5 - 40, 0.5), u = (front - d) / 24
            guard u > 0.05, u < 0.95 else { continue }
            let src = d - 12 * sin(2 * Double.pi * u)
            XCTAssertEqual(out[x, 40].x, Float(src / 60), accuracy: 0.02, "red at distance \(d) (u = \(u))")
        }
    }

    func testShadingLightsOnlyTheWave() throws {
        let a = TestImages.random(80, 80, seed: 5, opaque: true), b = TestImages.random(80, 80, seed: 6, opaque: true)
        // A shading image bright on the left, dark on the right: flat surfaces read its centre.
        let shade = TestImages.make(IRect(0, 0, 20, 20)) { x, _ in
            let v = Float(19 - x) / 19
            return Pixel(v, v, v, 1)
        }
        let plain = try ripple(a, b, time: 0.4), lit = try ripple(a, b, time: 0.4, extra: ["inputShadingImage": .image(shade)])
        let front = 0.4 * (40 * 2.0.squareRoot() + 24)
        var changed = 0
        for y in 0..<80 {
            for x in 0..<80 {
                let d = hypot(Double(x) + 0.5 - 40, Double(y) + 0.5 - 40)
                if d > front + 0.01 || d < front - 24 - 0.01 { XCTAssertEqual(lit[x, y], plain[x, y]) }
                if TestImages.maxAbs(lit[x, y] - plain[x, y]) > 0.02 { changed += 1 }
            }
        }
        XCTAssertGreaterThan(changed, 50, "the shading image lights the wave")
    }
}
