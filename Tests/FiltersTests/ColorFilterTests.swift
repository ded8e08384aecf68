import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Colour filters against their formulas, re-derived here in Double precision.
final class ColorFilterTests: FilterTestCase {
    let input = TestImages.random(37, 23, seed: 7)
    var rect: IRect { IRect(0, 0, 37, 23) }

    func testColorControlsFollowsTheFormula() throws {
        try assertColorControls(input, 1.4, 0.1, 0.8, rect: rect)
    }

    func testColorMatrixOnStraightColourWithBias() throws {
        let rv = [0.2, 0.5, 0.1, 0.0], gv = [0.0, 1.2, 0.0, 0.1], bv = [0.3, 0.0, 0.6, 0.0], av = [0.0, 0.0, 0.0, 0.8]
        let bias = [0.05, -0.02, 0.1, 0.1]
        let out = try apply(
            "CIColorMatrix", input,
            [
                "inputRVector": .vector(Vector(rv)), "inputGVector": .vector(Vector(gv)),
                "inputBVector": .vector(Vector(bv)), "inputAVector": .vector(Vector(av)),
                "inputBiasVector": .vector(Vector(bias)),
            ])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let u = [c.x, c.y, c.z, p.w]
            func dot(_ v: [Double]) -> Double { zip(u, v).map(*).reduce(0, +) }
            let a = min(max(dot(av) + bias[3], 0), 1)
            return SIMD4((dot(rv) + bias[0]) * a, (dot(gv) + bias[1]) * a, (dot(bv) + bias[2]) * a, a)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
    }

    func testExposureScalesByPowersOfTwo() throws {
        let out = try apply("CIExposureAdjust", input, ["inputEV": .number(-1.5)])
        let k = pow(2.0, -1.5)
        let oracle = try mapOracle(input) { p in SIMD4(p.x * k, p.y * k, p.z * k, p.w) }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-6)
    }

    func testSourceOverIsPorterDuff() throws {
        let fg = TestImages.random(20, 10, seed: 3, origin: (5, 5))
        let bg = TestImages.random(30, 30, seed: 4)
        let out = try apply("CISourceOverCompositing", fg, ["inputBackgroundImage": .image(bg)])
        XCTAssertEqual(out.extent, Rect(0, 0, 30, 30))
        let f = try TestImages.render(fg, IRect(0, 0, 30, 30)), b = try TestImages.render(bg)
        let o = try TestImages.render(out)
        for y in 0..<30 {
            for x in 0..<30 {
                let s = f[x, y], d = b[x, y]
                let want = s + d * (1 - s.w)
                XCTAssertLessThan(TestImages.maxAbs(o[x, y] - want), 1e-6)
            }
        }
    }

    func testFusedChainEqualsOneFilterAtATime() throws {
        let steps: [(String, [String: FilterValue])] = [
            ("CIExposureAdjust", ["inputEV": .number(0.3)]),
            ("CISepiaTone", ["inputIntensity": .number(0.5)]),
            ("CIColorControls", ["inputSaturation": .number(1.3), "inputContrast": .number(1.1)]),
            ("CIColorMatrix", ["inputGVector": .vector(Vector(0.1, 0.8, 0.1, 0))]),
            ("CIExposureAdjust", ["inputEV": .number(-0.2)]),
        ]
        var fused = input
        var separate = input
        for (name, inputs) in steps {
            fused = try apply(name, fused, inputs)
            let materialised = try TestImages.render(try apply(name, separate, inputs))
            separate = Image(SourceNode(materialised))
        }
        try assertClose(fused, separate, rect: rect, tolerance: 0)
    }
}
