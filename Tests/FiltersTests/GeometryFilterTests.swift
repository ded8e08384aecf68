import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Lanczos scaling against a naive per-pixel Lanczos-3, perspective transforms against a
/// naive inverse-homography mapping (the homography solved here as an 8×8 system),
/// straighten against a naive rotate-and-scale.
final class GeometryFilterTests: FilterTestCase {
    func double(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) }
    func maxAbs(_ d: SIMD4<Double>) -> Double { max(d.max(), -d.min()) }

    // MARK: Lanczos

    func lanczos3(_ t: Double) -> Double {
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
        return abs(t) < 3 ? sinc(t) * sinc(t / 3) : 0
    }

    /// Output pixel (X, Y): every source pixel within the (widened) kernel, pixels outside
    /// the image counting as transparent, weights normalised over the whole window.
    func naiveLanczos(_ src: PixelBuffer, sx: Double, sy: Double, _ X: Int, _ Y: Int) -> SIMD4<Double> {
        let cx = (Double(X) + 0.5) / sx, cy = (Double(Y) + 0.5) / sy
        let wx = max(1, 1 / sx), wy = max(1, 1 / sy)
        var acc = SIMD4<Double>.zero, total = 0.0
        for j in Int((cy - 3 * wy).rounded(.down)) - 1...Int((cy + 3 * wy).rounded(.up)) + 1 {
            let ky = lanczos3((Double(j) + 0.5 - cy) / wy)
            if ky == 0 { continue }
            for i in Int((cx - 3 * wx).rounded(.down)) - 1...Int((cx + 3 * wx).rounded(.up)) + 1 {
                let k = lanczos3((Double(i) + 0.5 - cx) / wx) * ky
                acc += double(src[i, j]) * k
                total += k
            }
        }
        return acc / total
    }

    func testLanczosMatchesANaiveLanczos3() throws {
        let input = TestImages.random(37, 29, seed: 12, origin: (3, -2))
        let src = try TestImages.render(input)
        for (scale, aspect) in [(0.5, 1.0), (0.3, 1.0), (1.6, 1.0), (0.6, 1.5), (0.45, 0.7)] {
            let out = try apply(
                "CILanczosScaleTransform", input, ["inputScale": .number(scale), "inputAspectRatio": .number(aspect)])
            let sx = scale * aspect, sy = scale
            let e = out.extent
            XCTAssertEqual(e.x, 3 * sx, accuracy: 1e-9); XCTAssertEqual(e.y, -2 * sy, accuracy: 1e-9)
            XCTAssertEqual(e.width, 37 * sx, accuracy: 1e-9); XCTAssertEqual(e.height, 29 * sy, accuracy: 1e-9)
            let rect = IRect(covering: e)
            let got = try TestImages.render(out, tile: 9)
            var worst = 0.0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    // Every pixel the extent touches (edge pixels partly covered included).
                    let want = naiveLanczos(src, sx: sx, sy: sy, x, y)
                    worst = max(worst, maxAbs(double(got[x, y]) - want))
                }
            }
            XCTAssertLessThan(worst, 1e-5, "scale \(scale) aspect \(aspect)")
        }
    }

    func testLanczosShrinkIsAreaCorrect() throws {
        // A one-pixel checkerboard has no low frequencies: a shrink that widens its kernel
        // averages it to flat grey; sampling with an unwidened kernel would alias.
        let board = TestImages.make(IRect(0, 0, 80, 80)) { x, y in (x + y) % 2 == 0 ? Pixel(1, 1, 1, 1) : Pixel(0, 0, 0, 1) }
        let out = try apply("CILanczosScaleTransform", board, ["inputScale": .number(0.3)])
        let got = try TestImages.render(out)
        for y in 4..<20 { for x in 4..<20 { XCTAssertEqual(got[x, y].x, 0.5, accuracy: 0.01, "(\(x), \(y))") } }
    }

    func testLanczosRejectsAZeroScale() {
        XCTAssertThrowsError(try apply("CILanczosScaleTransform", TestImages.random(4, 4), ["inputScale": .number(0)])) {
            XCTAssertTrue($0 is LunetteError)
        }
    }

    // MARK: Perspective

    /// The homography sending the rect's corners to the points, solved as an 8×8 linear
    /// system (h33 = 1) by Gaussian elimination with partial pivoting.
    func solveHomography(_ r: Rect, _ bl: Point, _ br: Point, _ tr: Point, _ tl: Point) -> [Double] {
        let from = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        let to = [bl, br, tr, tl]
        var a = [[Double]]()
        for (p, q) in zip(from, to) {
            a.append([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x, q.x])
            a.append([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y, q.y])
        }
        return solve(a, 8) + [1]
    }

    /// Solves an n×n system given as augmented rows.
    func solve(_ rows: [[Double]], _ n: Int) -> [Double] {
        var a = rows
        for c in 0..<n {
            let pivot = (c..<n).max { abs(a[$0][c]) < abs(a[$1][c]) }!
            a.swapAt(c, pivot)
            for r in 0..<n where r != c {
                let f = a[r][c] / a[c][c]
                for k in c...n { a[r][k] -= f * a[c][k] }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }

    /// Inverse-maps the destination pixel centre through h and samples bilinearly.
    func naiveWarp(_ src: PixelBuffer, _ h: [Double], _ x: Int, _ y: Int) -> SIMD4<Double> {
        let X = Double(x) + 0.5, Y = Double(y) + 0.5
        // Solve [h] · (u, v, 1)·w = (X, Y, 1) for u, v.
        let s = solve(
            [
                [h[0] - X * h[6], h[1] - X * h[7], X * h[8] - h[2]],
                [h[3] - Y * h[6], h[4] - Y * h[7], Y * h[8] - h[5]],
            ], 2)
        let w = h[6] * s[0] + h[7] * s[1] + h[8]
        if w <= 0 { return .zero }
        let fx = s[0] - 0.5, fy = s[1] - 0.5
        let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = fx - Double(x0), ty = fy - Double(y0)
        let bottom = double(src[x0, y0]) * (1 - tx) + double(src[x0 + 1, y0]) * tx
        let top = double(src[x0, y0 + 1]) * (1 - tx) + double(src[x0 + 1, y0 + 1]) * tx
        return bottom * (1 - ty) + top * ty
    }

    let quad = (tl: Point(2, 40), tr: Point(45, 35), br: Point(38, 3), bl: Point(8, 10))
    var quadInputs: [String: FilterValue] {
        [
            "inputTopLeft": .vector(Vector(quad.tl.x, quad.tl.y)), "inputTopRight": .vector(Vector(quad.tr.x, quad.tr.y)),
            "inputBottomRight": .vector(Vector(quad.br.x, quad.br.y)), "inputBottomLeft": .vector(Vector(quad.bl.x, quad.bl.y)),
        ]
    }

    func testPerspectiveTransformMatchesANaiveInverseMapping() throws {
        let input = TestImages.random(30, 20, seed: 3, origin: (5, 7))
        let src = try TestImages.render(input)
        let out = try apply("CIPerspectiveTransform", input, quadInputs)
        XCTAssertEqual(out.extent, Rect(2, 3, 43, 37), "the bounding box of the four points")
        // The corners map exactly.
        let hom = try Homography.mapping(
            input.extent, bottomLeft: quad.bl, bottomRight: quad.br, topRight: quad.tr, topLeft: quad.tl)
        for (c, p) in [(Point(5, 7), quad.bl), (Point(35, 7), quad.br), (Point(35, 27), quad.tr), (Point(5, 27), quad.tl)] {
            let q = hom.apply(c.x, c.y)!
            XCTAssertEqual(q.x, p.x, accuracy: 1e-9); XCTAssertEqual(q.y, p.y, accuracy: 1e-9)
        }
        let h = solveHomography(input.extent, quad.bl, quad.br, quad.tr, quad.tl)
        let got = try TestImages.render(out, tile: 11)
        var worst = 0.0
        for y in 3..<40 { for x in 2..<45 { worst = max(worst, maxAbs(double(got[x, y]) - naiveWarp(src, h, x, y))) } }
        XCTAssertLessThan(worst, 1e-4)
    }

    func testPerspectiveTransformWithExtentMapsThatRectangle() throws {
        let input = TestImages.random(30, 20, seed: 5)
        let src = try TestImages.render(input)
        let r = Rect(6, 4, 12, 9)
        var inputs = quadInputs
        inputs["inputExtent"] = .vector(Vector(r.x, r.y, r.width, r.height))
        let out = try apply("CIPerspectiveTransformWithExtent", input, inputs)
        let h = solveHomography(r, quad.bl, quad.br, quad.tr, quad.tl)
        // The extent is the image of the input's extent.
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(0.0, 0.0), (30.0, 0.0), (30.0, 20.0), (0.0, 20.0)] {
            let w = h[6] * x + h[7] * y + h[8]
            xs.append((h[0] * x + h[1] * y + h[2]) / w); ys.append((h[3] * x + h[4] * y + h[5]) / w)
        }
        XCTAssertEqual(out.extent.minX, xs.min()!, accuracy: 1e-6); XCTAssertEqual(out.extent.maxY, ys.max()!, accuracy: 1e-6)
        let rect = IRect(covering: out.extent)
        let got = try TestImages.render(out, rect, tile: 32)
        var worst = 0.0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { worst = max(worst, maxAbs(double(got[x, y]) - naiveWarp(src, h, x, y))) }
        }
        XCTAssertLessThan(worst, 1e-4)
    }

    func testPerspectiveRejectsDegenerateCorners() {
        let input = TestImages.random(10, 10)
        var bowtie = quadInputs
        bowtie["inputTopLeft"] = quadInputs["inputTopRight"]; bowtie["inputTopRight"] = quadInputs["inputTopLeft"]
        var collinear = quadInputs
        collinear["inputTopLeft"] = .vector(Vector(0, 0)); collinear["inputTopRight"] = .vector(Vector(1, 1))
        collinear["inputBottomRight"] = .vector(Vector(2, 2))
        for bad in [bowtie, collinear] {
            XCTAssertThrowsError(try apply("CIPerspectiveTransform", input, bad)) { XCTAssertTrue($0 is LunetteError) }
            XCTAssertThrowsError(try apply("CIPerspectiveTransformWithExtent", input, bad)) { XCTAssertTrue($0 is LunetteError) }
        }
        XCTAssertThrowsError(try apply("CIPerspectiveTransform", Image.color(Color(1, 0, 0)), quadInputs))
    }

    func testPerspectiveOfTheOwnCornersIsTheImage() throws {
        let input = TestImages.random(12, 9, seed: 7)
        let same: [String: FilterValue] = [
            "inputTopLeft": .vector(Vector(0, 9)), "inputTopRight": .vector(Vector(12, 9)),
            "inputBottomRight": .vector(Vector(12, 0)), "inputBottomLeft": .vector(Vector(0, 0)),
        ]
        try assertClose(try apply("CIPerspectiveTransform", input, same), input, rect: IRect(0, 0, 12, 9), tolerance: 1e-5)
    }

    // MARK: Straighten

    func testStraightenRotatesAboutTheCentreAndFillsTheExtent() throws {
        let input = TestImages.random(40, 24, seed: 9, opaque: true, origin: (2, 3))
        let src = try TestImages.render(input)
        for angle in [0.3, -2.0] {
            let out = try apply("CIStraightenFilter", input, ["inputAngle": .number(angle)])
            XCTAssertEqual(out.extent, input.extent)
            let got = try TestImages.render(out, tile: 13)
            let s = abs(cos(angle)) + (40.0 / 24) * abs(sin(angle))
            let (cx, cy) = (22.0, 15.0)
            var worst = 0.0
            for y in 3..<27 {
                for x in 2..<42 {
                    XCTAssertEqual(got[x, y].w, 1, accuracy: 1e-6, "no transparent corners")
                    let dx = (Double(x) + 0.5 - cx) / s, dy = (Double(y) + 0.5 - cy) / s
                    // Inverse rotation, then bilinear sampling with the edges extended.
                    let u = cos(angle) * dx + sin(angle) * dy + cx - 0.5, v = -sin(angle) * dx + cos(angle) * dy + cy - 0.5
                    let x0 = Int(u.rounded(.down)), y0 = Int(v.rounded(.down))
                    let tx = u - Double(x0), ty = v - Double(y0)
                    func at(_ i: Int, _ j: Int) -> SIMD4<Double> { double(src[min(max(i, 2), 41), min(max(j, 3), 26)]) }
                    let want =
                        (at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx) * (1 - ty)
                        + (at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx) * ty
                    worst = max(worst, maxAbs(double(got[x, y]) - want))
                }
            }
            XCTAssertLessThan(worst, 1e-4, "angle \(angle)")
        }
    }
}
