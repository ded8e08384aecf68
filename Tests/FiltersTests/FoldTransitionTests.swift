import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIAccordionFoldTransition, CIPageCurlTransition and CIPageCurlWithShadowTransition: the
/// source at time 0 and the target at time 1 exactly, and each one's geometry against a
/// naive reference written here.
final class FoldTransitionTests: FilterTestCase {
    static let a = TestImages.random(60, 48, seed: 11, opaque: true)
    static let b = TestImages.random(60, 48, seed: 12, opaque: true)
    let rect = IRect(0, 0, 60, 48)

    func run(_ name: String, time: Double, _ inputs: [String: FilterValue] = [:]) throws -> PixelBuffer {
        let all = inputs.merging(["inputTargetImage": .image(Self.b), "inputTime": .number(time)]) { $1 }
        return try TestImages.render(try apply(name, Self.a, all), rect, threads: 2, tile: 24)
    }

    static let curl: [String: FilterValue] = ["inputExtent": .vector(Vector(0, 0, 60, 48)), "inputRadius": .number(8)]
    static let cases: [(String, [String: FilterValue])] = [
        ("CIAccordionFoldTransition", ["inputBottomHeight": .number(10), "inputFoldShadowAmount": .number(0.5)]),
        ("CIPageCurlTransition", curl.merging(["inputAngle": .number(0.7)]) { $1 }),
        ("CIPageCurlTransition", curl.merging(["inputAngle": .number(-2.5), "inputBacksideImage": .image(b)]) { $1 }),
        ("CIPageCurlWithShadowTransition", curl.merging(["inputAngle": .number(2)]) { $1 }),
        ("CIPageCurlWithShadowTransition", ["inputRadius": .number(5)]),
    ]

    func testEndsAreTheSourceAndTheTarget() throws {
        let sa = try TestImages.render(Self.a, rect), sb = try TestImages.render(Self.b, rect)
        for (name, inputs) in Self.cases {
            XCTAssertEqual(
                TestImages.maxDifference(try run(name, time: 0, inputs), sa), 0, "\(name) \(inputs.keys.sorted()) at 0")
            XCTAssertEqual(
                TestImages.maxDifference(try run(name, time: 1, inputs), sb), 0, "\(name) \(inputs.keys.sorted()) at 1")
            let mid = try run(name, time: 0.5, inputs)
            XCTAssertGreaterThan(TestImages.maxDifference(mid, sa), 0.1, "\(name) moves")
            XCTAssertGreaterThan(TestImages.maxDifference(mid, sb), 0.1, "\(name) is not done at 0.5")
        }
    }

    /// Reference for angle 0 (the left edge lifts and rolls right), radius 8, along x with
    /// the line of contact at c = 0 − t·(60 + 4π) along −x: a pixel at d = −x − c shows the top sheet's
    /// back at x + 8π − 2d (d ≤ 0), the cylinder's back at x + 8(π − asin(d/8)) − d or its
    /// front at x + 8·asin(d/8) − d (0 ≤ d < 8), else the flat source (d < 0) or the target.
    func testPageCurlMatchesACylinder() throws {
        let sa = try TestImages.render(Self.a, rect), sb = try TestImages.render(Self.b, rect)
        let t = 0.35, r = 8.0
        let out = try run(
            "CIPageCurlTransition", time: t, ["inputExtent": .vector(Vector(0, 0, 60, 48)), "inputRadius": .number(r)])
        // Angle 0 rolls towards +x: measured against the direction, along = −x, c = 0 − t · (60 + πr/2).
        let c = -t * (60 + Double.pi * r / 2)
        func page(_ x: Double, _ y: Int, by: Double) -> Pixel? {
            let qx = x - by
            guard qx >= 0, qx < 60 else { return nil }
            // Bilinear, transparent past the page's edge.
            let sx = qx - 0.5, x0 = Int(sx.rounded(.down)), f = Float(sx - Double(x0))
            let left = x0 >= 0 ? sa[x0, y] : .zero, right = x0 + 1 < 60 ? sa[x0 + 1, y] : .zero
            return left * (1 - f) + right * f
        }
        var back = 0
        for y in 0..<48 {
            for x in 0..<60 {
                let px = Double(x) + 0.5, d = -px - c
                var want = sb[x, y]
                if d <= 0, let q = page(px, y, by: Double.pi * r - 2 * d) {
                    want = Pixel(q.x * 0.6, q.y * 0.6, q.z * 0.6, q.w); back += 1
                } else if d >= 0, d < r, let q = page(px, y, by: r * (Double.pi - asin(d / r)) - d) {
                    want = Pixel(q.x * 0.6, q.y * 0.6, q.z * 0.6, q.w); back += 1
                } else if d >= 0, d < r, let q = page(px, y, by: r * asin(d / r) - d) {
                    want = q
                } else if d < 0 {
                    want = sa[x, y]
                }
                want = want + sb[x, y] * (1 - want.w)
                XCTAssertLessThan(TestImages.maxAbs(out[x, y] - want), 1e-4, "at \(x),\(y) (d = \(d))")
            }
        }
        XCTAssertGreaterThan(back, 200, "the page's back shows")
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
