import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The thresholds against their formulas (Otsu against the textbook search written here),
/// the absolute difference against its formula, the RGB and 7×7 convolutions against a
/// naive correlation.
final class ThresholdDifferenceTests: FilterTestCase {
    func testColorThresholdBinarisesStraightColourAndKeepsAlpha() throws {
        let input = TestImages.random(19, 13, seed: 3)
        let out = try apply("CIColorThreshold", input, ["inputThreshold": .number(0.4)])
        let want = try mapOracle(input) { p in
            let c = self.straight(p)
            return SIMD4(c.x > 0.4 ? p.w : 0, c.y > 0.4 ? p.w : 0, c.z > 0.4 ? p.w : 0, p.w)
        }
        try assertClose(out, want, rect: IRect(0, 0, 19, 13), tolerance: 0)
    }

    /// Otsu the textbook way: for every cut, both classes' weights and means from scratch,
    /// the between-class variance, the best cut's upper bin edge.
    func textbookOtsu(_ buf: PixelBuffer) -> Double {
        var h = [Double](repeating: 0, count: 256)
        for i in 0..<buf.rect.count where buf.pixels[i].w > 0 {
            let p = buf.pixels[i], a = Double(p.w)
            let l = (0.2126 * Double(p.x) + 0.7152 * Double(p.y) + 0.0722 * Double(p.z)) / a
            h[min(255, Int(l * 256))] += a
        }
        var best = -1.0, cut = 0
        for k in 0..<255 {
            let lo = h[0...k], hi = h[(k + 1)...]
            let w0 = lo.reduce(0, +), w1 = hi.reduce(0, +)
            if w0 == 0 || w1 == 0 { continue }
            let m0 = zip(0...k, lo).map { Double($0) * $1 }.reduce(0, +) / w0
            let m1 = zip((k + 1)..<256, hi).map { Double($0) * $1 }.reduce(0, +) / w1
            let v = w0 * w1 * (m0 - m1) * (m0 - m1)
            if v > best { best = v; cut = k }
        }
        return Double(cut + 1) / 256
    }

    func testOtsuCutsWhereTheTextbookMethodDoes() throws {
        // Two tone populations with noise: the cut falls between them.
        let noise = TestImages.noise(seed: 11)
        let input = TestImages.make(IRect(0, 0, 40, 30)) { x, _ in
            let v = (x < 17 ? 0.15 : 0.6) + 0.2 * noise()
            return Pixel(v, v * 0.9, v * 1.1, 1)
        }
        let t = textbookOtsu(try TestImages.render(input))
        // Every cut in the gap between the populations separates them equally; the first wins.
        XCTAssertGreaterThan(t, 0.2); XCTAssertLessThan(t, 0.5)
        let out = try apply("CIColorThresholdOtsu", input)
        let want = try apply("CIColorThreshold", input, ["inputThreshold": .number(t)])
        try assertClose(out, want, rect: IRect(0, 0, 40, 30), tolerance: 0)
        // A random translucent image too (alpha-weighted histogram).
        let random = TestImages.random(31, 23, seed: 8)
        let t2 = textbookOtsu(try TestImages.render(random))
        try assertClose(
            try apply("CIColorThresholdOtsu", random),
            try apply("CIColorThreshold", random, ["inputThreshold": .number(t2)]),
            rect: IRect(0, 0, 31, 23), tolerance: 0)
    }

    func testOtsuRefusesAnInfiniteImage() throws {
        XCTAssertThrowsError(try apply("CIColorThresholdOtsu", Image.color(Color(0.5, 0.5, 0.5, 1))))
    }

    func testAbsoluteDifferenceOfStraightColoursWithTheProductOfAlphas() throws {
        let a = TestImages.random(12, 9, seed: 1), b = TestImages.random(10, 11, seed: 2, origin: (3, -2))
        let out = try apply("CIColorAbsoluteDifference", a, ["inputImage2": .image(b)])
        XCTAssertEqual(out.extent, Rect(3, 0, 9, 9))
        let got = try TestImages.render(out), sa = try TestImages.render(a), sb = try TestImages.render(b)
        for y in 0..<9 {
            for x in 3..<12 {
                let p = sa[x, y], q = sb[x, y], alpha = p.w * q.w
                let u = p.unpremultiplied - q.unpremultiplied, d = pointwiseMax(u, -u) * alpha
                let want = Pixel(d.x, d.y, d.z, alpha)
                XCTAssertLessThan(TestImages.maxAbs(got[x, y] - want), 1e-6)
            }
        }
    }

    /// Naive correlation in Core Image order (weight r·columns + c reads (x + c − hx, y + hy − r)).
    func naive(_ src: PixelBuffer, _ w: [Double], _ columns: Int, _ rows: Int, bias: Double, _ x: Int, _ y: Int) -> SIMD4<Double>
    {
        var acc = SIMD4<Double>(repeating: bias)
        for r in 0..<rows {
            for c in 0..<columns {
                let p = src[x + c - columns / 2, y + rows / 2 - r]
                acc += SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * w[r * columns + c]
            }
        }
        return SIMD4(min(max(acc.x, 0), 1), min(max(acc.y, 0), 1), min(max(acc.z, 0), 1), min(max(acc.w, 0), 1))
    }

    func testConvolutionsMatchANaiveCorrelation() throws {
        let input = TestImages.random(15, 12, seed: 21)
        let src = try TestImages.render(input)
        for (name, columns, rows, rgb) in [
            ("CIConvolution7X7", 7, 7, false), ("CIConvolutionRGB3X3", 3, 3, true),
            ("CIConvolutionRGB5X5", 5, 5, true), ("CIConvolutionRGB7X7", 7, 7, true),
            ("CIConvolutionRGB9Horizontal", 9, 1, true), ("CIConvolutionRGB9Vertical", 1, 9, true),
        ] {
            let n = columns * rows
            let w = (0..<n).map { i in Double((i * 7) % 11 - 4) / Double(3 * n) + (i == n / 2 ? 0.6 : 0) }
            let out = try apply(name, input, ["inputWeights": .vector(Vector(w)), "inputBias": .number(0.02)])
            let grow = rgb ? (0, 0) : (columns / 2, rows / 2)
            XCTAssertEqual(
                out.extent, Rect(Double(-grow.0), Double(-grow.1), Double(15 + 2 * grow.0), Double(12 + 2 * grow.1)), name)
            let got = try TestImages.render(out, tile: 6)
            var worst = 0.0
            for y in got.rect.y..<got.rect.maxY {
                for x in got.rect.x..<got.rect.maxX {
                    var want = naive(src, w, columns, rows, bias: 0.02, x, y)
                    if rgb {
                        let a = Double(src[x, y].w)
                        want = SIMD4(min(want.x, a), min(want.y, a), min(want.z, a), a)
                    }
                    let p = got[x, y], d = SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) - want
                    worst = max(worst, max(d.max(), -d.min()))
                }
            }
            XCTAssertLessThan(worst, 1e-5, name)
        }
    }
}
