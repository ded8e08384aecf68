import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIColorCurves against a naive per-channel linear interpolation of its samples.
extension ColorEffectTests {
    /// Five uneven (r, g, b) samples: red bent up, green inverted, blue a step.
    var curveSamples: [Double] {
        [0.1, 1, 0, 0.5, 0.8, 0, 0.7, 0.5, 0.2, 0.85, 0.25, 1, 0.9, 0, 1]
    }

    /// The naive reference: clamp to the domain, then interpolate between the two nearest samples.
    func naiveCurve(_ samples: [Double], _ channel: Int, _ v: Double, domain: (Double, Double)) -> Double {
        let n = samples.count / 3
        let s = min(max((v - domain.0) / (domain.1 - domain.0), 0), 1) * Double(n - 1)
        let i = min(Int(s.rounded(.down)), n - 2), t = s - Double(i)
        return samples[i * 3 + channel] * (1 - t) + samples[(i + 1) * 3 + channel] * t
    }

    func testColorCurvesInterpolatesEachChannelLinearly() throws {
        for domain in [(0.0, 1.0), (-0.2, 1.3)] {
            for value in [FilterValue.data(bytes(curveSamples)), .vector(Vector(curveSamples))] {
                let out = try apply(
                    "CIColorCurves", input,
                    ["inputCurvesData": value, "inputCurvesDomain": .vector(Vector(domain.0, domain.1))])
                let oracle = try mapOracle(input) { p in
                    let c = self.straight(p)
                    let o = SIMD3((0..<3).map { self.naiveCurve(self.curveSamples, $0, c[$0], domain: domain) })
                    return self.premul(o, p.w)
                }
                try assertClose(out, oracle, rect: rect, tolerance: 2e-6)
            }
        }
    }

    /// In "sRGB" the curves act on encoded values (the sRGB formula, re-derived here).
    func testColorCurvesInSRGBActOnEncodedValues() throws {
        func encode(_ v: Double) -> Double { v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
        func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        let out = try apply(
            "CIColorCurves", input, ["inputCurvesData": .vector(Vector(curveSamples)), "inputColorSpace": .string("sRGB")])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let o = (0..<3).map { decode(self.naiveCurve(self.curveSamples, $0, encode(c[$0]), domain: (0, 1))) }
            return self.premul(SIMD3(o), p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 2e-5)
    }

    func testColorCurvesIdentityLeavesTheImageUnchanged() throws {
        try assertClose(try apply("CIColorCurves", input), input, rect: rect, tolerance: 0)
        let ramp = (0..<9).flatMap { i in Array(repeating: Double(i) / 8, count: 3) }
        let same = try apply("CIColorCurves", input, ["inputCurvesData": .data(bytes(ramp))])
        try assertClose(same, input, rect: rect, tolerance: 1e-6)
    }

    func testColorCurvesRejectsMalformedCurves() throws {
        func run(_ inputs: [String: FilterValue]) -> String {
            message { _ = try self.apply("CIColorCurves", self.input, inputs) }
        }
        XCTAssertEqual(
            run(["inputCurvesData": .data(Array(repeating: 0, count: 13))]),
            "CIColorCurves.inputCurvesData: expected (r, g, b) Float32 triples, a multiple of 12 bytes, got 13 bytes")
        XCTAssertEqual(
            run(["inputCurvesData": .vector(Vector(0, 0, 0, 1))]),
            "CIColorCurves.inputCurvesData: expected (r, g, b) triples, a multiple of 3 numbers, got 4")
        XCTAssertEqual(
            run(["inputCurvesData": .vector(Vector(0, 0, 0, 1, 1, 1)), "inputCurvesDomain": .vector(Vector(1, 0))]),
            "CIColorCurves.inputCurvesDomain: expected Vector(min, max) with min < max, got Vector(1, 0)")
    }
}
