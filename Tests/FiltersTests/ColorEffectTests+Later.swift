import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIColorCubesMixedWithMask, CIDither, CIPalettize and CIPaletteCentroid against naive
/// references written here.
extension ColorEffectTests {
    /// A cube of dimension `n` whose entry at (r, g, b) is `f` of that colour (premultiplied, opaque).
    func cube(_ n: Int, _ f: (SIMD3<Double>) -> SIMD3<Double>) -> FilterValue {
        var v: [Double] = []
        for b in 0..<n {
            for g in 0..<n {
                for r in 0..<n {
                    let c = f(SIMD3(Double(r), Double(g), Double(b)) / Double(n - 1))
                    v += [c.x, c.y, c.z, 1]
                }
            }
        }
        return .vector(Vector(v))
    }

    func testColorCubesMixedWithMaskMixesByMaskLuminance() throws {
        let image = TestImages.random(24, 16, seed: 5)
        // A grey ramp mask along x: luminance x / 23.
        let mask = TestImages.make(IRect(0, 0, 24, 16)) { x, _ in
            let v = Float(x) / 23
            return Pixel(v, v, v, 1)
        }
        // Cube 0 inverts, cube 1 swaps red and blue: both linear in the colour, so trilinear is exact.
        let inputs: [String: FilterValue] = [
            "inputMaskImage": .image(mask), "inputCubeDimension": .number(2),
            "inputCube0Data": cube(2) { 1 - $0 }, "inputCube1Data": cube(2) { SIMD3($0.z, $0.y, $0.x) },
        ]
        let got = try TestImages.render(apply("CIColorCubesMixedWithMask", image, inputs))
        let src = try TestImages.render(image)
        var worst = 0.0
        for y in 0..<16 {
            for x in 0..<24 {
                let p = src[x, y], a = Double(p.w)
                let c = straight(SIMD4(Double(p.x), Double(p.y), Double(p.z), a))
                let t = Double(x) / 23
                let want = ((1 - c) * (1 - t) + SIMD3(c.z, c.y, c.x) * t) * a
                let g = got[x, y]
                worst = max(worst, abs(Double(g.x) - want.x), abs(Double(g.y) - want.y), abs(Double(g.z) - want.z))
                XCTAssertEqual(g.w, p.w, accuracy: 1e-6)
            }
        }
        XCTAssertLessThan(worst, 2e-5)
        // Unset cubes are the identity whatever the mask.
        try assertClose(
            apply("CIColorCubesMixedWithMask", image, ["inputMaskImage": .image(mask)]), image, rect: IRect(0, 0, 24, 16),
            tolerance: 1e-6)
        XCTAssertThrowsError(
            try apply("CIColorCubesMixedWithMask", image, ["inputMaskImage": .image(mask), "inputCube1Data": .data([1, 2, 3])])
                .extent
        ) { XCTAssertTrue("\($0)".contains("inputCube1Data"), "\($0)") }
    }

    func testDitherKeepsTheMeanAndIsDeterministic() throws {
        let grey = TestImages.make(IRect(0, 0, 128, 128)) { _, _ in Pixel(0.2, 0.2, 0.2, 1) }
        let encoded = 1.055 * pow(0.2, 1 / 2.4) - 0.055
        let out = try apply("CIDither", grey, ["inputIntensity": .number(0.2)])
        let a = try TestImages.render(out), b = try TestImages.render(out, threads: 1, tile: 13)
        XCTAssertEqual(TestImages.maxDifference(a, b), 0, "the grain does not depend on tiles or threads")
        var sum = 0.0, lo = 1.0, hi = 0.0
        for i in 0..<a.rect.count {
            let v = Double(a.pixels[i].x)
            let e = v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
            sum += e; lo = min(lo, e); hi = max(hi, e)
        }
        XCTAssertEqual(sum / Double(a.rect.count), encoded, accuracy: 2e-3, "zero-mean noise in sRGB-encoded values")
        XCTAssertEqual(lo, encoded - 0.1, accuracy: 5e-3, "noise spans ±intensity/2")
        XCTAssertEqual(hi, encoded + 0.1, accuracy: 5e-3)
        try assertClose(apply("CIDither", grey, ["inputIntensity": .number(0)]), grey, rect: IRect(0, 0, 128, 128), tolerance: 0)
    }

    /// The nearest palette colour by brute force (linear or sRGB-encoded straight colours).
    func nearest(_ c: SIMD3<Double>, _ palette: [SIMD3<Double>], perceptual: Bool) -> Int {
        func enc(_ v: SIMD3<Double>) -> SIMD3<Double> {
            func e(_ x: Double) -> Double { x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055 }
            return perceptual ? SIMD3(e(v.x), e(v.y), e(v.z)) : v
        }
        let f = enc(c)
        return palette.indices.min { a, b in
            let da = enc(palette[a]) - f, db = enc(palette[b]) - f
            return ((da * da).sum(), a) < ((db * db).sum(), b)
        }!
    }

    static let paletteColours: [SIMD3<Double>] = [
        [0.9, 0.1, 0.1], [0.1, 0.8, 0.2], [0.05, 0.1, 0.7], [0.5, 0.5, 0.5], [0.02, 0.02, 0.02],
    ]
    .map { SIMD3($0[0], $0[1], $0[2]) }

    var paletteImage: Image {
        TestImages.make(IRect(0, 0, Self.paletteColours.count, 1)) { x, _ in
            let c = Self.paletteColours[x]
            return Pixel(Float(c.x), Float(c.y), Float(c.z), 1)
        }
    }

    func testPalettizePicksTheNearestPaletteColour() throws {
        let image = TestImages.random(40, 30, seed: 9)
        let src = try TestImages.render(image)
        for perceptual in [false, true] {
            let got = try TestImages.render(
                apply(
                    "CIPalettize", image,
                    ["inputPaletteImage": .image(paletteImage), "inputPerceptual": .number(perceptual ? 1 : 0)]))
            var differs = 0
            for y in 0..<30 {
                for x in 0..<40 {
                    let p = src[x, y], a = Double(p.w)
                    let c = straight(SIMD4(Double(p.x), Double(p.y), Double(p.z), a))
                    let k = nearest(c, Self.paletteColours, perceptual: perceptual)
                    if k != nearest(c, Self.paletteColours, perceptual: !perceptual) { differs += 1 }
                    let want = Self.paletteColours[k] * a, g = got[x, y]
                    XCTAssertEqual(Double(g.x), want.x, accuracy: 1e-5, "(\(x), \(y)) perceptual \(perceptual)")
                    XCTAssertEqual(Double(g.y), want.y, accuracy: 1e-5)
                    XCTAssertEqual(Double(g.z), want.z, accuracy: 1e-5)
                    XCTAssertEqual(g.w, p.w, accuracy: 1e-6)
                }
            }
            XCTAssertGreaterThan(differs, 0, "the two spaces disagree somewhere, so both are exercised")
        }
    }

    func testPaletteCentroidIsTheMeanPositionOfEachColour() throws {
        let image = TestImages.random(37, 23, seed: 4, opaque: true, origin: (5, -3))
        let src = try TestImages.render(image)
        let out = try apply("CIPaletteCentroid", image, ["inputPaletteImage": .image(paletteImage)])
        XCTAssertEqual(out.extent, Rect(0, 0, Double(Self.paletteColours.count), 1))
        let got = try TestImages.render(out)
        var sums = [SIMD3<Double>](repeating: .zero, count: Self.paletteColours.count)
        for y in src.rect.y..<src.rect.maxY {
            for x in src.rect.x..<src.rect.maxX {
                let p = src[x, y]
                let k = nearest(straight(SIMD4(Double(p.x), Double(p.y), Double(p.z), 1)), Self.paletteColours, perceptual: false)
                sums[k] += SIMD3(Double(x) + 0.5, Double(y) + 0.5, 1)
            }
        }
        var used = 0
        for k in sums.indices {
            let g = got[k, 0]
            guard sums[k].z > 0 else {
                XCTAssertEqual(g, .zero)
                continue
            }
            used += 1
            XCTAssertEqual(Double(g.x), sums[k].x / sums[k].z, accuracy: 1e-3, "x̄ of colour \(k)")
            XCTAssertEqual(Double(g.y), sums[k].y / sums[k].z, accuracy: 1e-3, "ȳ of colour \(k)")
            XCTAssertEqual(Double(g.z), sums[k].z / Double(37 * 23), accuracy: 1e-5, "share of colour \(k)")
        }
        XCTAssertGreaterThanOrEqual(used, 3)
    }
}
