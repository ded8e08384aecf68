import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The reductions against sums, extremes and counts taken in Double over the rendered input.
final class ReductionTests: FilterTestCase {
    /// A random image at (3, 5) and a rectangle reaching past its left and top edges.
    let image = TestImages.random(37, 29, seed: 11, origin: (3, 5))
    let rect = IRect(-2, 10, 30, 30)

    func reduce(
        _ name: String, _ extra: [String: FilterValue] = [:], on img: Image? = nil, rect r: IRect? = nil
    ) throws -> PixelBuffer {
        let rr = r ?? rect
        var inputs = extra
        inputs["inputExtent"] = .vector(Vector(Double(rr.x), Double(rr.y), Double(rr.width), Double(rr.height)))
        let out = try apply(name, img ?? image, inputs)
        XCTAssertEqual(out.extent.x, 0, name); XCTAssertEqual(out.extent.y, 0, name)
        return try TestImages.render(out, IRect(covering: out.extent), threads: 3, tile: 7)
    }

    /// Every pixel of `rect` as the test sees it: the input's, transparent outside it.
    func pixels(_ r: IRect? = nil, of img: Image? = nil) throws -> [(x: Int, y: Int, p: SIMD4<Double>)] {
        let rr = r ?? rect
        let buf = try TestImages.render(img ?? image, rr)
        var out: [(Int, Int, SIMD4<Double>)] = []
        for y in rr.y..<rr.maxY { for x in rr.x..<rr.maxX { out.append((x, y, SIMD4<Double>(buf[x, y]))) } }
        return out
    }

    func assertNear(_ a: Pixel, _ b: SIMD4<Double>, _ tol: Double = 1e-5, _ msg: String = "", line: UInt = #line) {
        for c in 0..<4 { XCTAssertEqual(Double(a[c]), b[c], accuracy: tol, "\(msg) channel \(c)", line: line) }
    }

    func testAreaRowAndColumnAveragesMatchDoubleSums() throws {
        let px = try pixels()
        let avg = try reduce("CIAreaAverage")
        XCTAssertEqual(avg.rect, IRect(0, 0, 1, 1))
        assertNear(avg[0, 0], px.reduce(.zero) { $0 + $1.p } / Double(rect.count))
        let rows = try reduce("CIRowAverage"), cols = try reduce("CIColumnAverage")
        XCTAssertEqual(rows.rect, IRect(0, 0, 1, rect.height)); XCTAssertEqual(cols.rect, IRect(0, 0, rect.width, 1))
        for j in 0..<rect.height {
            assertNear(
                rows[0, j], px.filter { $0.y == rect.y + j }.reduce(.zero) { $0 + $1.p } / Double(rect.width), 1e-5, "row \(j)")
        }
        for i in 0..<rect.width {
            assertNear(
                cols[i, 0], px.filter { $0.x == rect.x + i }.reduce(.zero) { $0 + $1.p } / Double(rect.height), 1e-5,
                "column \(i)")
        }
    }

    func testExtremesMatchNaiveScans() throws {
        let px = try pixels()
        var lo = SIMD4<Double>(repeating: .infinity), hi = -lo
        for q in px { lo = pointwiseMin(lo, q.p); hi = pointwiseMax(hi, q.p) }
        assertNear(try reduce("CIAreaMinimum")[0, 0], lo, 0)
        assertNear(try reduce("CIAreaMaximum")[0, 0], hi, 0)
        let mm = try reduce("CIAreaMinMax")
        assertNear(mm[0, 0], lo, 0); assertNear(mm[1, 0], hi, 0)
        assertNear(try reduce("CIAreaMinMaxRed")[0, 0], SIMD4(lo.x, hi.x, 0, 1), 0)
        // Alpha extremes inside the image (no transparent pixels there), ties to the lowest y, then x.
        let inside = IRect(5, 8, 20, 15)
        let ip = try pixels(inside)
        let minA = ip.min { ($0.p.w, $0.y, $0.x) < ($1.p.w, $1.y, $1.x) }!
        let maxA = ip.min { (-$0.p.w, $0.y, $0.x) < (-$1.p.w, $1.y, $1.x) }!
        assertNear(try reduce("CIAreaMinimumAlpha", rect: inside)[0, 0], minA.p, 0)
        assertNear(try reduce("CIAreaMaximumAlpha", rect: inside)[0, 0], maxA.p, 0)
        // Outside the image counts as transparent: the minimum alpha of `rect` is a clear pixel.
        assertNear(try reduce("CIAreaMinimumAlpha")[0, 0], .zero, 0)
    }

    func testBoundsRedIsTheNormalisedBoxOfRedPixels() throws {
        let img = TestImages.make(IRect(0, 0, 40, 30)) { x, y in
            (7...12).contains(x) && (4...20).contains(y) ? Pixel(0.5, 0, 0, 1) : Pixel(0, 0.5, 0.5, 1)
        }
        let r = IRect(2, 0, 38, 30)
        let b = try reduce("CIAreaBoundsRed", on: img, rect: r)[0, 0]
        assertNear(b, SIMD4(5.0 / 38, 4.0 / 30, 6.0 / 38, 17.0 / 30), 1e-6)
        let none = try reduce("CIAreaBoundsRed", on: img, rect: IRect(20, 0, 10, 10))[0, 0]
        assertNear(none, .zero, 0)
    }

    /// Counts per bin of values binned by `bin`, weighted by `weight`, as shares of the rect.
    func naiveHistogram(
        _ px: [(x: Int, y: Int, p: SIMD4<Double>)], count: Int, scale: Double = 1,
        bin: (SIMD4<Double>) -> [Int], weight: (SIMD4<Double>) -> [Double] = { _ in [1, 1, 1, 1] }
    ) -> [SIMD4<Double>] {
        var h = [SIMD4<Double>](repeating: .zero, count: count)
        for q in px {
            let b = bin(q.p), w = weight(q.p)
            for c in 0..<4 { h[b[c]][c] += w[c] }
        }
        return h.map { $0 * scale / Double(px.count) }
    }

    func linearBin(_ v: Double, _ n: Int) -> Int { v > 0 ? min(n - 1, Int(v * Double(n))) : 0 }

    func testHistogramsMatchNaiveCounts() throws {
        let px = try pixels()
        for count in [1, 7, 64, 256] {
            let out = try reduce("CIAreaHistogram", ["inputCount": .number(Double(count)), "inputScale": .number(2)])
            XCTAssertEqual(out.rect, IRect(0, 0, count, 1))
            let want = naiveHistogram(px, count: count, scale: 2) { p in (0..<4).map { self.linearBin(p[$0], count) } }
            for k in 0..<count { assertNear(out[k, 0], want[k], 1e-5, "bin \(k) of \(count)") }
        }
        let lo = -6.0, hi = 1.0, n = 32
        let log = try reduce(
            "CIAreaLogarithmicHistogram",
            [
                "inputCount": .number(Double(n)),
                "inputMinimumStop": .number(lo), "inputMaximumStop": .number(hi),
            ])
        let wantLog = naiveHistogram(px, count: n) { p in
            (0..<3).map { c in self.linearBin(p[c] > 0 ? (Foundation.log2(p[c]) - lo) / (hi - lo) : 0, n) } + [
                self.linearBin(p.w, n)
            ]
        }
        for k in 0..<n { assertNear(log[k, 0], wantLog[k], 1e-5, "log bin \(k)") }
        let weighted = try reduce("CIAreaAlphaWeightedHistogram", ["inputCount": .number(16)])
        let wantW = naiveHistogram(
            px, count: 16,
            bin: { p in
                let s = p.w > 0 ? p / p.w : .zero
                return [self.linearBin(s.x, 16), self.linearBin(s.y, 16), self.linearBin(s.z, 16), self.linearBin(p.w, 16)]
            }, weight: { p in [p.w, p.w, p.w, 1] })
        for k in 0..<16 { assertNear(weighted[k, 0], wantW[k], 1e-5, "weighted bin \(k)") }
    }

    func testHistogramDisplayDrawsBarsScaledToTheTallestBin() throws {
        let row = TestImages.make(IRect(0, 0, 4, 1)) { x, _ in
            [Pixel(0.1, 0.4, 0, 0), Pixel(0.2, 0.2, 0, 0), Pixel(0.4, 0.1, 0, 0), Pixel(0, 0, 0, 0)][x]
        }
        let out = try TestImages.render(try apply("CIHistogramDisplayFilter", row, ["inputHeight": .number(8)]))
        XCTAssertEqual(out.rect, IRect(0, 0, 4, 8))
        for x in 0..<4 {
            let redBar = (0..<8).filter { out[x, $0].x == 1 }.count, greenBar = (0..<8).filter { out[x, $0].y == 1 }.count
            XCTAssertEqual(redBar, [2, 4, 8, 0][x], "red bar \(x)"); XCTAssertEqual(greenBar, [8, 4, 2, 0][x], "green bar \(x)")
            XCTAssertEqual(out[x, 7].w, 1)
        }
    }

    /// Lloyd's iteration written out: nearest mean (lowest index on ties), alpha-weighted means.
    func naiveLloyd(_ px: [SIMD4<Double>], _ seeds: [SIMD3<Double>], passes: Int) -> ([SIMD3<Double>], [Double]) {
        var means = seeds
        func assign() -> [SIMD4<Double>] {
            var s = [SIMD4<Double>](repeating: .zero, count: means.count)
            for p in px where p.w > 0 {
                let f = SIMD3(p.x, p.y, p.z) / p.w
                var best = 0
                for m in 1..<means.count
                where ((f - means[m]) * (f - means[m])).sum() < ((f - means[best]) * (f - means[best])).sum() { best = m }
                s[best] += SIMD4(f * p.w, p.w)
            }
            return s
        }
        for _ in 0..<passes {
            let s = assign()
            means = means.indices.map { s[$0].w > 0 ? SIMD3(s[$0].x, s[$0].y, s[$0].z) / s[$0].w : means[$0] }
        }
        return (means, assign().map(\.w))
    }

    func testKMeansMatchesANaiveLloydIteration() throws {
        let seedsImg = TestImages.make(IRect(0, 0, 3, 1)) { x, _ in
            [Pixel(0.1, 0.1, 0.1, 1), Pixel(0.5, 0.5, 0.2, 1), Pixel(0.9, 0.2, 0.8, 1)][x]
        }
        let px = try pixels().map(\.p)
        let seeds = [SIMD3<Double>(0.1, 0.1, 0.1), SIMD3(0.5, 0.5, 0.2), SIMD3(0.9, 0.2, 0.8)]
        let (means, weights) = naiveLloyd(px, seeds, passes: 4)
        let out = try reduce("CIKMeans", ["inputMeans": .image(seedsImg), "inputCount": .number(3), "inputPasses": .number(4)])
        XCTAssertEqual(out.rect, IRect(0, 0, 3, 1))
        for k in 0..<3 {
            let share = weights[k] / Double(rect.count)
            assertNear(out[k, 0], SIMD4(means[k] * share, share), 1e-4, "cluster \(k)")
        }
        // Without seeds: deterministic, and on two flat colours the two clusters find them.
        let two = TestImages.make(IRect(0, 0, 20, 10)) { x, _ in x < 5 ? Pixel(1, 0, 0, 1) : Pixel(0, 0, 1, 1) }
        let k2 = try reduce("CIKMeans", ["inputCount": .number(2)], on: two, rect: IRect(0, 0, 20, 10))
        let found = [k2[0, 0], k2[1, 0]].sorted { $0.w < $1.w }
        assertNear(found[0], SIMD4(0.25, 0, 0, 0.25), 1e-6); assertNear(found[1], SIMD4(0, 0, 0.75, 0.75), 1e-6)
    }

    func testInfiniteInputsAndBadExtents() throws {
        let red = Image.color(Color(1, 0, 0, 1))
        let avg = try reduce("CIAreaAverage", on: red, rect: IRect(-1000, -1000, 2000, 50))
        assertNear(avg[0, 0], SIMD4(1, 0, 0, 1), 1e-6)
        let f = try Filter(name: "CIAreaAverage")
        try f.set("inputImage", .image(image))
        try f.set("inputExtent", .vector(Vector(0, 0, 0, 10)))
        XCTAssertThrowsError(try f.outputImage()) { XCTAssertTrue("\($0)".contains("inputExtent"), "\($0)") }
    }

    func testLuaFacingValues() throws {
        let px = try pixels(IRect(covering: image.extent))
        let mean = try image.average()
        assertNear(mean, px.reduce(.zero) { $0 + $1.p } / Double(px.count))
        let counts = try image.histogram(bins: 10)
        XCTAssertEqual(counts.reduce(0) { $0 + $1.x }, Double(px.count))
        XCTAssertEqual(counts[3].y, Double(px.filter { linearBin($0.p.y, 10) == 3 }.count))
        XCTAssertThrowsError(try Image.color(Color(1, 1, 1, 1)).average())
    }
}
