import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIAccordionFoldTransition, CIPageCurlTransition and CIPageCurlWithShadowTransition: the
/// source at time 0 and the target at time 1 exactly, and the fold's geometry against a
/// naive reference written here (the page curls' in FoldTransitionTests+PageCurl).
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

    /// Reference: the bottom strip stays, the 38 px above it fold into 38·(1 − t) px of
    /// 2n panels read linearly compressed, odd panels darkened, the layer at 1 − t over the
    /// target; so the darkened panels' period is 38·(1 − t)/n px.
    func testAccordionFoldsIntoPanelsByTheFoldCount() throws {
        let sa = try TestImages.render(Self.a, rect), sb = try TestImages.render(Self.b, rect)
        for folds in [2, 5] {
            let t = 0.25, amount = 0.6
            let out = try run(
                "CIAccordionFoldTransition", time: t,
                [
                    "inputBottomHeight": .number(10), "inputNumberOfFolds": .number(Double(folds)),
                    "inputFoldShadowAmount": .number(amount),
                ])
            let height = 38 * (1 - t), panel = height / Double(2 * folds)
            let shadow = Float(amount * (1 - (1 - t) * (1 - t)).squareRoot())
            var dark = Set<Int>()
            for y in 0..<48 {
                for x in 0..<60 {
                    let v = Double(y) + 0.5 - 10
                    var want = sb[x, y]
                    if v < 0 || v < height {
                        var s = sa[x, y], shade: Float = 1
                        if v >= 0 {
                            // Linear compression: read row 10 + v / (1 − t), bilinearly.
                            let sy = 10 + v / (1 - t) - 0.5, y0 = Int(sy.rounded(.down)), f = Float(sy - Double(y0))
                            s = sa[x, y0] * (1 - f) + sa[x, min(y0 + 1, 47)] * f
                            if Int(v / panel) % 2 == 1 { shade = 1 - shadow; dark.insert(y) }
                        }
                        let layer = Pixel(s.x * shade, s.y * shade, s.z * shade, s.w) * Float(1 - t)
                        want = layer + sb[x, y] * (1 - layer.w)
                    }
                    XCTAssertLessThan(TestImages.maxAbs(out[x, y] - want), 1e-4, "\(folds) folds at \(x),\(y)")
                }
            }
            // The darkened rows come in `folds` runs.
            let runs = dark.filter { !dark.contains($0 - 1) }.count
            XCTAssertEqual(runs, folds, "\(folds) folds: dark panels")
        }
    }
}
