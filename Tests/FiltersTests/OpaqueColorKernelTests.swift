import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIColorControls and an alpha-keeping CIColorMatrix (CISepiaTone: translucent pixels only) run opaque pixels through a colour matrix (AVX2 two
/// pixels at a time where the CPU has it) and the others through the straight-colour
/// formula: both must follow the formula, also when opaque and translucent pixels alternate.
final class OpaqueColorKernelTests: FilterTestCase {
    /// 37×23 (odd row length): opaque, then rows where every third pixel is translucent.
    static func mixedImage() -> Image {
        let rect = IRect(0, 0, 37, 23)
        let random = try! TestImages.render(TestImages.random(37, 23, seed: 11, opaque: true), rect)
        return TestImages.make(rect) { x, y in
            let p = random[x, y]
            guard y >= 12, (x + y) % 3 == 0 else { return p }
            let a: Float = 0.25 + Float(x % 5) * 0.15
            return Pixel(p.x * a, p.y * a, p.z * a, a)
        }
    }

    func testColorControlsOnOpaqueAndTranslucentPixels() throws {
        let input = Self.mixedImage()
        let out = try assertColorControls(input, 1.2, 0.02, 1.1, rect: IRect(0, 0, 37, 23))
        let buf = try TestImages.render(out, IRect(0, 0, 37, 23))
        XCTAssertEqual(buf[0, 0].w, 1, "alpha of an opaque pixel stays exactly 1")
        XCTAssertEqual(buf[36, 22].w, 1)
    }

    func testSepiaOnOpaqueAndTranslucentPixels() throws {
        // A translucent pixel gets the sepia of its straight colour, premultiplied again.
        let input = Self.mixedImage()
        let buf = try TestImages.render(input)
        let opaque = TestImages.make(buf.rect) { x, y in
            let p = buf[x, y]
            return Pixel(p.x / p.w, p.y / p.w, p.z / p.w, 1)
        }
        for k in [1.0, 0.35] {
            let out = try TestImages.render(try apply("CISepiaTone", input, ["inputIntensity": .number(k)]))
            let ref = try TestImages.render(try apply("CISepiaTone", opaque, ["inputIntensity": .number(k)]))
            for y in 0..<23 {
                for x in 0..<37 {
                    let a = buf[x, y].w, r = ref[x, y]
                    XCTAssertLessThan(
                        TestImages.maxAbs(out[x, y] - Pixel(r.x * a, r.y * a, r.z * a, a)), 1e-5, "(\(x), \(y)) intensity \(k)")
                }
            }
        }
    }

    func testAlphaKeepingColorMatrixOnOpaqueAndTranslucentPixels() throws {
        let input = Self.mixedImage()
        let r = [0.9, 0.1, -0.05, 0.0], g = [0.05, 0.85, 0.05, 0.0], b = [0.0, 0.05, 0.8, 0.0], bias = [0.02, -0.01, 0.03, 0.0]
        func vec(_ v: [Double]) -> FilterValue { .vector(Vector(v)) }
        let out = try apply(
            "CIColorMatrix", input,
            [
                "inputRVector": vec(r), "inputGVector": vec(g), "inputBVector": vec(b),
                "inputBiasVector": vec(bias),
            ])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let v = [r, g, b].enumerated().map { k, row in row[0] * c.x + row[1] * c.y + row[2] * c.z + bias[k] }
            return SIMD4(v[0] * p.w, v[1] * p.w, v[2] * p.w, p.w)
        }
        try assertClose(out, oracle, rect: IRect(0, 0, 37, 23), tolerance: 1e-5)
        let buf = try TestImages.render(out, IRect(0, 0, 37, 23))
        XCTAssertEqual(buf[0, 0].w, 1, "alpha of an opaque pixel stays exactly 1")
    }
}

/// CIGammaAdjust (vectorised power on opaque pixels) and the benchmark's five-step chain,
/// whose affine steps run fused as one map on opaque pixels, against the formulas.
final class GammaAndChainKernelTests: FilterTestCase {
    func testGammaOnOpaqueAndTranslucentPixels() throws {
        let input = OpaqueColorKernelTests.mixedImage()
        for e in [0.4545, 1.1, 2.2] {
            let out = try apply("CIGammaAdjust", input, ["inputPower": .number(e)])
            let oracle = try mapOracle(input) { p in
                let c = self.straight(p)
                return SIMD4(pow(c.x, e) * p.w, pow(c.y, e) * p.w, pow(c.z, e) * p.w, p.w)
            }
            try assertClose(out, oracle, rect: IRect(0, 0, 37, 23), tolerance: 1e-6, "power \(e)")
        }
    }

    func testFiveStepChainMatchesTheStepsFormulas() throws {
        let input = OpaqueColorKernelTests.mixedImage()
        func vec(_ v: [Double]) -> FilterValue { .vector(Vector(v)) }
        let r = [0.9, 0.1, 0.05, 0.0], g = [0.05, 0.85, 0.05, 0.0], b = [0.0, 0.05, 0.8, 0.0], bias = [0.02, 0.01, 0, 0.0]
        var out = try apply("CIExposureAdjust", input, ["inputEV": .number(0.5)])
        out = try apply("CIColorControls", out, ["inputSaturation": .number(1.2)])
        out = try apply("CIHueAdjust", out, ["inputAngle": .number(0.3)])
        out = try apply("CIGammaAdjust", out, ["inputPower": .number(1.1)])
        out = try apply(
            "CIColorMatrix", out,
            [
                "inputRVector": vec(r), "inputGVector": vec(g), "inputBVector": vec(b),
                "inputBiasVector": vec(bias),
            ])
        // Each step rendered on its own (no fusion between them) is the oracle's input chain.
        var step = input
        for (name, inputs) in [
            ("CIExposureAdjust", ["inputEV": FilterValue.number(0.5)]),
            ("CIColorControls", ["inputSaturation": .number(1.2)]),
            ("CIHueAdjust", ["inputAngle": .number(0.3)]),
            ("CIGammaAdjust", ["inputPower": .number(1.1)]),
            (
                "CIColorMatrix",
                [
                    "inputRVector": vec(r), "inputGVector": vec(g), "inputBVector": vec(b),
                    "inputBiasVector": vec(bias),
                ]
            ),
        ] {
            let rendered = try TestImages.render(apply(name, step, inputs), IRect(0, 0, 37, 23))
            step = Image(SourceNode(rendered))
        }
        try assertClose(out, step, rect: IRect(0, 0, 37, 23), tolerance: 1e-5)
        let exposure = try mapOracle(input) { p in
            SIMD4(p.x * 2.0.squareRoot(), p.y * 2.0.squareRoot(), p.z * 2.0.squareRoot(), p.w)
        }
        try assertClose(
            apply("CIExposureAdjust", input, ["inputEV": .number(0.5)]), exposure, rect: IRect(0, 0, 37, 23),
            tolerance: 1e-6)
    }
}
