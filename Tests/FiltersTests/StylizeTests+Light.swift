import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CISpotLight, CISpotColor and CIShadedMaterial against their formulas, computed here pixel
/// by pixel in Double.
final class LightAndColourTests: FilterTestCase {
    func testSpotLightFollowsTheConeFormula() throws {
        let input = TestImages.random(20, 15, seed: 21, opaque: true)
        let src = try TestImages.render(input)
        let pos = SIMD3<Double>(30, -5, 40), at = SIMD3<Double>(5, 10, 0)
        let out = try TestImages.render(
            try apply(
                "CISpotLight", input,
                [
                    "inputLightPosition": .vector(Vector([pos.x, pos.y, pos.z])),
                    "inputLightPointsAt": .vector(Vector([at.x, at.y, at.z])),
                    "inputBrightness": .number(2), "inputConcentration": .number(0.3), "inputColor": .color(Color(1, 0.5, 0.25)),
                ]))
        let tint = Transfer.workingPixel(Color(1, 0.5, 0.25))
        let axis = (at - pos) / ((at - pos) * (at - pos)).sum().squareRoot()
        var worst: Float = 0
        for y in 0..<15 {
            for x in 0..<20 {
                let d = SIMD3(Double(x) + 0.5, Double(y) + 0.5, 0) - pos
                let cosine = (d * axis).sum() / (d * d).sum().squareRoot()
                let k = Float(2 * pow(max(cosine, 0), 1 / 0.3))
                let s = src[x, y]
                worst = max(
                    worst, TestImages.maxAbs(out[x, y] - Pixel(s.x * tint.x * k, s.y * tint.y * k, s.z * tint.z * k, s.w)))
            }
        }
        XCTAssertLessThan(worst, 1e-5)
    }

    func testSpotLightAtIdentityKeepsThePixelOnItsAxisAndNearlyAllElse() throws {
        let input = TestImages.random(20, 15, seed: 2)
        let values: [String: FilterValue] = [
            "inputLightPosition": .vector(Vector([10.5, 7.5, 400])), "inputLightPointsAt": .vector(Vector([10.5, 7.5, 0])),
            "inputBrightness": .number(1), "inputConcentration": .number(20),
        ]
        let out = try TestImages.render(try apply("CISpotLight", input, values)), src = try TestImages.render(input)
        XCTAssertEqual(out[10, 7], src[10, 7])
        XCTAssertLessThan(TestImages.maxDifference(out, src), 1e-3)
    }

    /// The spot-colour formula in Double on sRGB-encoded straight colour.
    func spotReference(
        _ p: SIMD4<Double>, _ spots: [(c: [Double], r: [Double], close: Double, contrast: Double)]
    ) -> SIMD4<Double> {
        guard p.w > 0 else { return p }
        let e = (0..<3).map { Transfer.linearToSRGB(p[$0] / p.w) }
        var out = e
        for s in spots {
            let d = (0..<3).map { (e[$0] - s.c[$0]) * (e[$0] - s.c[$0]) }.reduce(0, +).squareRoot()
            let soft = (1 - s.contrast) * s.close
            let w = soft > 0 ? min(max((s.close - d) / soft, 0), 1) : (d < s.close ? 1 : 0)
            for i in 0..<3 { out[i] += (s.r[i] - out[i]) * w }
        }
        return SIMD4(
            Transfer.srgbToLinear(out[0]) * p.w, Transfer.srgbToLinear(out[1]) * p.w, Transfer.srgbToLinear(out[2]) * p.w, p.w)
    }

    func testSpotColorReplacesRangesByTheirWeights() throws {
        let input = TestImages.make(IRect(0, 0, 16, 16)) { x, y in
            let c = Color(Double(x) / 15, Double(y) / 15, 0.4, 0.5 + Double((x + y) % 3) / 4)
            let p = Transfer.workingPixel(c)
            return x == 3 && y == 3 ? Transfer.workingPixel(Color(0.2, 0.6, 0.3)) : p
        }
        let spots: [(c: [Double], r: [Double], close: Double, contrast: Double)] = [
            ([0.2, 0.6, 0.3], [1, 0, 0], 0.2, 0.5), ([0.8, 0.2, 0.4], [0, 0, 1], 0.3, 0.9),
            ([0.5, 0.5, 0.4], [0, 1, 0], 0.1, 1),
        ]
        var values: [String: FilterValue] = [:]
        for (i, s) in spots.enumerated() {
            values["inputCenterColor\(i + 1)"] = .color(Color(s.c[0], s.c[1], s.c[2]))
            values["inputReplacementColor\(i + 1)"] = .color(Color(s.r[0], s.r[1], s.r[2]))
            values["inputCloseness\(i + 1)"] = .number(s.close)
            values["inputContrast\(i + 1)"] = .number(s.contrast)
        }
        let out = try apply("CISpotColor", input, values)
        try assertClose(out, try mapOracle(input) { self.spotReference($0, spots) }, rect: IRect(0, 0, 16, 16), tolerance: 2e-4)
        let exact = try TestImages.render(out)
        XCTAssertEqual(Double(exact[3, 3].x), 1, accuracy: 1e-5, "the centre colour itself becomes its replacement")
    }

    func testShadedMaterialLooksUpTheNormal() throws {
        let height = TestImages.make(IRect(0, 0, 12, 10)) { x, y in
            let v = Float(0.02 * Double(x * x) + 0.05 * Double(y)); return Pixel(v, v, v, 1)
        }
        let shading = TestImages.random(9, 7, seed: 12, opaque: true, origin: (3, -2))
        let h = try TestImages.render(height), sh = try TestImages.render(shading)
        let scale = 3.0
        let out = try TestImages.render(
            try apply("CIShadedMaterial", height, ["inputShadingImage": .image(shading), "inputScale": .number(scale)]))
        func lum(_ x: Int, _ y: Int) -> Double {
            let p = h[min(max(x, 0), 11), min(max(y, 0), 9)]
            return 0.2126 * Double(p.x) + 0.7152 * Double(p.y) + 0.0722 * Double(p.z)
        }
        var worst: Float = 0
        for y in 0..<10 {
            for x in 0..<12 {
                let gx = (lum(x + 1, y) - lum(x - 1, y)) * scale / 2, gy = (lum(x, y + 1) - lum(x, y - 1)) * scale / 2
                let n = (gx * gx + gy * gy + 1).squareRoot()
                let u = min(max(3 + (1 - gx / n) / 2 * 9, 3.5), 11.5), v = min(max(-2 + (1 - gy / n) / 2 * 7, -1.5), 4.5)
                worst = max(worst, TestImages.maxAbs(out[x, y] - Sampler.bilinear(sh, u, v)))
            }
        }
        XCTAssertLessThan(worst, 1e-5)
        // Flat: every pixel takes the shading image's centre.
        let flat = try TestImages.render(
            try apply("CIShadedMaterial", height, ["inputShadingImage": .image(shading), "inputScale": .number(0)]))
        XCTAssertEqual(TestImages.maxAbs(flat[5, 5] - Sampler.bilinear(sh, 7.5, 1.5)), 0, accuracy: 1e-6)
        XCTAssertThrowsError(
            try apply("CIShadedMaterial", height, ["inputShadingImage": .image(Image.color(Color(1, 0, 0)))]))
    }
}
