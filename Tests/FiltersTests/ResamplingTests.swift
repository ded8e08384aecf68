import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Bicubic, maximum, guided and joint-bilateral resampling against their formulas.
final class ResamplingTests: FilterTestCase {
    let image = TestImages.random(23, 17, seed: 9, origin: (2, 1))

    /// Mitchell–Netravali's family, as published (1988).
    func mitchell(_ t: Double, b: Double, c: Double) -> Double {
        let x = abs(t)
        if x < 1 { return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6 }
        if x < 2 { return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6 }
        return 0
    }

    func testBicubicEnlargementIsTheMitchellNetravaliSum() throws {
        let src = try TestImages.render(image)
        for (b, c, sx, sy) in [(0.0, 0.75, 2.0, 2.0), (1.0 / 3, 1.0 / 3, 3.0, 1.5), (1.0, 0.0, 1.25, 2.5)] {
            let out = try apply(
                "CIBicubicScaleTransform", image,
                [
                    "inputScale": .number(sy), "inputAspectRatio": .number(sx / sy),
                    "inputB": .number(b), "inputC": .number(c),
                ])
            XCTAssertEqual(out.extent, Rect(2 * sx, 1 * sy, 23 * sx, 17 * sy))
            let buf = try TestImages.render(out)
            for y in buf.rect.y..<buf.rect.maxY {
                for x in buf.rect.x..<buf.rect.maxX {
                    let u = (Double(x) + 0.5) / sx, v = (Double(y) + 0.5) / sy
                    var sum = SIMD4<Double>.zero, wsum = 0.0
                    for j in Int(v) - 3...Int(v) + 3 {
                        for i in Int(u) - 3...Int(u) + 3 {
                            let w = mitchell(Double(i) + 0.5 - u, b: b, c: c) * mitchell(Double(j) + 0.5 - v, b: b, c: c)
                            sum += w * SIMD4<Double>(src[i, j]); wsum += w  // outside the image: transparent
                        }
                    }
                    let want = sum / wsum
                    for ch in 0..<4 {
                        XCTAssertEqual(Double(buf[x, y][ch]), want[ch], accuracy: 2e-5, "B \(b) C \(c) at \(x), \(y)")
                    }
                }
            }
        }
        // The identity scale leaves the image as it is.
        try assertClose(
            try apply("CIBicubicScaleTransform", image, ["inputScale": .number(1)]), image, rect: IRect(2, 1, 23, 17),
            tolerance: 0)
    }

    func testMaximumScaleTakesTheMaximumOfEachCell() throws {
        let src = try TestImages.render(image)
        for (sx, sy) in [(0.5, 0.5), (0.3, 0.7), (2.0, 1.0)] {
            let out = try apply(
                "CIMaximumScaleTransform", image, ["inputScale": .number(sy), "inputAspectRatio": .number(sx / sy)])
            let buf = try TestImages.render(out, IRect(covering: out.extent))
            for y in buf.rect.y..<buf.rect.maxY {
                for x in buf.rect.x..<buf.rect.maxX {
                    var m = Pixel(repeating: -.infinity)
                    let x0 = Int((Double(x) / sx).rounded(.down)), x1 = max(x0 + 1, Int((Double(x + 1) / sx).rounded(.up)))
                    let y0 = Int((Double(y) / sy).rounded(.down)), y1 = max(y0 + 1, Int((Double(y + 1) / sy).rounded(.up)))
                    for j in y0..<y1 { for i in x0..<x1 { m = pointwiseMax(m, src[i, j]) } }
                    if out.extent.contains(Point(Double(x) + 0.5, Double(y) + 0.5)) {
                        XCTAssertEqual(buf[x, y], m, "\(sx)×\(sy) at \(x), \(y)")
                    }
                }
            }
        }
        // A one-pixel bright line survives a quarter-size reduction.
        let line = TestImages.make(IRect(0, 0, 64, 64)) { x, _ in x == 29 ? Pixel(1, 1, 1, 1) : Pixel(0, 0, 0, 1) }
        let small = try TestImages.render(try apply("CIMaximumScaleTransform", line, ["inputScale": .number(0.25)]))
        XCTAssertEqual(small[7, 3], Pixel(1, 1, 1, 1))
    }

    func testGuidedFilterMatchesTheBoxFormulas() throws {
        let guide = TestImages.random(20, 14, seed: 3, opaque: true)
        let p = TestImages.random(20, 14, seed: 4, opaque: false)
        let r = 2, eps = 0.01
        let out = try TestImages.render(
            try apply(
                "CIGuidedFilter", p,
                [
                    "inputGuideImage": .image(guide), "inputRadius": .number(Double(r)),
                    "inputEpsilon": .number(eps),
                ]))
        let gb = try TestImages.render(guide), pb = try TestImages.render(p)
        func clamp(_ v: Int, _ n: Int) -> Int { min(max(v, 0), n - 1) }
        func I(_ x: Int, _ y: Int) -> Double {
            let q = gb[clamp(x, 20), clamp(y, 14)]
            return 0.2126 * Double(q.x) + 0.7152 * Double(q.y) + 0.0722 * Double(q.z)
        }
        func P(_ x: Int, _ y: Int) -> SIMD4<Double> { SIMD4<Double>(pb[clamp(x, 20), clamp(y, 14)]) }
        func box<T: FloatingPoint>(_ x: Int, _ y: Int, _ f: (Int, Int) -> T) -> T {
            var s: T = 0; for j in -r...r { for i in -r...r { s += f(x + i, y + j) } }; return s / T((2 * r + 1) * (2 * r + 1))
        }
        func ab(_ x: Int, _ y: Int, _ c: Int) -> (Double, Double) {
            let mi = box(x, y, I), mp = box(x, y) { P($0, $1)[c] }
            let a = (box(x, y) { I($0, $1) * P($0, $1)[c] } - mi * mp) / (box(x, y) { I($0, $1) * I($0, $1) } - mi * mi + eps)
            return (a, mp - a * mi)
        }
        for y in 0..<14 {
            for x in 0..<20 {
                for c in 0..<4 {
                    let ma = box(x, y) { ab($0, $1, c).0 }, mb = box(x, y) { ab($0, $1, c).1 }
                    XCTAssertEqual(Double(out[x, y][c]), ma * I(x, y) + mb, accuracy: 1e-4, "at \(x), \(y) channel \(c)")
                }
            }
        }
    }

    func testEdgePreserveUpsampleIsTheJointBilateralMean() throws {
        let large = TestImages.make(IRect(0, 0, 24, 16)) { x, y in x + y < 20 ? Pixel(0.1, 0.1, 0.1, 1) : Pixel(0.9, 0.8, 0.7, 1)
        }
        let small = TestImages.random(6, 4, seed: 2, opaque: true)
        let (ss, sl) = (1.2, 0.2)
        let out = try TestImages.render(
            try apply(
                "CIEdgePreserveUpsampleFilter", large,
                [
                    "inputSmallImage": .image(small),
                    "inputSpatialSigma": .number(ss), "inputLumaSigma": .number(sl),
                ]))
        let lb = try TestImages.render(large), sb = try TestImages.render(small)
        func L(_ x: Int, _ y: Int) -> Double {
            let q = lb[min(max(x, 0), 23), min(max(y, 0), 15)]
            return Transfer.linearToSRGB(0.2126 * Double(q.x) + 0.7152 * Double(q.y) + 0.0722 * Double(q.z))
        }
        for y in 0..<16 {
            for x in 0..<24 {
                let u = (Double(x) + 0.5) / 4, v = (Double(y) + 0.5) / 4
                var sum = SIMD4<Double>.zero, wsum = 0.0
                for j in Int(v) - 3...Int(v) + 3 {
                    for i in Int(u) - 3...Int(u) + 3 {
                        let d2 = pow(Double(i) + 0.5 - u, 2) + pow(Double(j) + 0.5 - v, 2)
                        let dl = L(Int((Double(i) + 0.5) * 4), Int((Double(j) + 0.5) * 4)) - L(x, y)
                        let w = exp(-d2 / (2 * ss * ss) - dl * dl / (2 * sl * sl))
                        sum += w * SIMD4<Double>(sb[min(max(i, 0), 5), min(max(j, 0), 3)]); wsum += w
                    }
                }
                let want = sum / wsum
                for c in 0..<4 { XCTAssertEqual(Double(out[x, y][c]), want[c], accuracy: 1e-4, "at \(x), \(y)") }
            }
        }
    }
}
