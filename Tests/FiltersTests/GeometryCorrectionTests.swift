import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Perspective correction, rotation and the keystone corrections against homographies
/// solved in the test (`solveHomography`, an 8×8 system) from point correspondences built
/// from the camera model: a warp of the coordinate image shows where each pixel was read.
extension GeometryFilterTests {
    /// Largest distance between where `out` read each pixel and `inverse` of its centre, over
    /// the pixels that read well inside the coordinate image `src`.
    func worstReadError(_ out: Image, _ src: IRect, inverse h: [Double]) throws -> (Double, Int) {
        let inv = invert3(h)
        let rect = IRect(covering: out.extent).intersection(IRect(-400, -400, 1200, 1200))
        let got = try TestImages.render(out, rect)
        var worst = 0.0, checked = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let X = Double(x) + 0.5, Y = Double(y) + 0.5
                let w = inv[6] * X + inv[7] * Y + inv[8]
                let u = (inv[0] * X + inv[1] * Y + inv[2]) / w, v = (inv[3] * X + inv[4] * Y + inv[5]) / w
                guard u > Double(src.x) + 1, v > Double(src.y) + 1, u < Double(src.maxX) - 1, v < Double(src.maxY) - 1 else {
                    continue
                }
                let p = got[x, y]
                worst = max(worst, hypot(Double(p.x) * 1000 - u, Double(p.y) * 1000 - v))
                checked += 1
            }
        }
        return (worst, checked)
    }

    func invert3(_ a: [Double]) -> [Double] {
        let c0 = a[4] * a[8] - a[5] * a[7], c1 = a[5] * a[6] - a[3] * a[8], c2 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c0 + a[1] * c1 + a[2] * c2
        return [
            c0, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c1, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c2, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ].map { $0 / det }
    }

    /// The homography sending points `from` to `to` (four each), h33 = 1.
    func solveMapping(_ from: [Point], _ to: [Point]) -> [Double] {
        var a = [[Double]]()
        for (p, q) in zip(from, to) {
            a.append([p.x, p.y, 1, 0, 0, 0, -p.x * q.x, -p.y * q.x, q.x])
            a.append([0, 0, 0, p.x, p.y, 1, -p.x * q.y, -p.y * q.y, q.y])
        }
        return solve(a, 8) + [1]
    }

    /// Where a ray of the image point p goes when the camera turns by `m` (rows), focal f pixels.
    func turn(_ p: Point, _ m: [[Double]], f: Double, c: Point) -> Point {
        let r = [p.x - c.x, p.y - c.y, f]
        let q = m.map { $0[0] * r[0] + $0[1] * r[1] + $0[2] * r[2] }
        return Point(c.x + f * q[0] / q[2], c.y + f * q[1] / q[2])
    }

    func rx(_ t: Double) -> [[Double]] { [[1, 0, 0], [0, cos(t), -sin(t)], [0, sin(t), cos(t)]] }
    func ry(_ t: Double) -> [[Double]] { [[cos(t), 0, sin(t)], [0, 1, 0], [-sin(t), 0, cos(t)]] }
    func rz(_ t: Double) -> [[Double]] { [[cos(t), -sin(t), 0], [sin(t), cos(t), 0], [0, 0, 1]] }
    func mul(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }
    func transpose(_ a: [[Double]]) -> [[Double]] { (0..<3).map { i in (0..<3).map { a[$0][i] } } }

    /// Pixels encoding their own centre, (x/1000, y/1000, 0, 1): bilinear reads of it are exact.
    func coordinates(_ rect: IRect) -> Image {
        TestImages.make(rect) { x, y in Pixel(Float((Double(x) + 0.5) / 1000), Float((Double(y) + 0.5) / 1000), 0, 1) }
    }

    static let frame = IRect(0, 0, 160, 120)
    var centre: Point { Point(80, 60) }
    /// 28 mm (35 mm equivalent) in pixels for the 160×120 frame: 28 · diagonal / 43.27.
    var focal28: Double { 28 * hypot(160.0, 120.0) / hypot(36.0, 24.0) }
    var probes: [Point] { [Point(20, 15), Point(140, 20), Point(130, 100), Point(30, 110)] }

    func testPerspectiveCorrectionStraightensTheQuadrilateral() throws {
        let src = coordinates(Self.frame)
        let tl = Point(20, 100), tr = Point(150, 110), br = Point(140, 10), bl = Point(10, 25)
        let inputs: [String: FilterValue] = [
            "inputTopLeft": .vector(Vector(tl.x, tl.y)), "inputTopRight": .vector(Vector(tr.x, tr.y)),
            "inputBottomRight": .vector(Vector(br.x, br.y)), "inputBottomLeft": .vector(Vector(bl.x, bl.y)),
        ]
        let out = try apply("CIPerspectiveCorrection", src, inputs)
        let w = max(hypot(130.0, 10.0), hypot(130.0, 15.0)), h = max(hypot(10.0, 75.0), hypot(10.0, 100.0))
        XCTAssertEqual(out.extent, Rect(0, 0, w, h), "cropped to the upright rectangle at the origin")
        let hom = solveMapping([bl, br, tr, tl], [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)])
        let (worst, checked) = try worstReadError(out, Self.frame, inverse: hom)
        XCTAssertGreaterThan(checked, 5000)
        XCTAssertLessThan(worst, 2e-3)
        var uncropped = inputs
        uncropped["inputCrop"] = .number(0)
        let whole = try apply("CIPerspectiveCorrection", src, uncropped)
        XCTAssertTrue(whole.extent.width > w && whole.extent.height > h, "uncropped: the whole re-projected image")
        XCTAssertLessThan(try worstReadError(whole, Self.frame, inverse: hom).0, 2e-3)
    }

    func testPerspectiveRotateIsTheRotatedCamerasHomography() throws {
        let src = coordinates(Self.frame)
        let m = mul(rz(0.1), mul(ry(-0.15), rx(0.2)))
        let out = try apply(
            "CIPerspectiveRotate", src, ["inputPitch": .number(0.2), "inputYaw": .number(-0.15), "inputRoll": .number(0.1)])
        let hom = solveMapping(probes, probes.map { turn($0, m, f: focal28, c: centre) })
        let (worst, checked) = try worstReadError(out, Self.frame, inverse: hom)
        XCTAssertGreaterThan(checked, 5000)
        XCTAssertLessThan(worst, 2e-3)
        let longer = try apply("CIPerspectiveRotate", src, ["inputPitch": .number(0.2), "inputFocalLength": .number(50)])
        let hom50 = solveMapping(
            probes, probes.map { turn($0, rx(0.2), f: 50 * hypot(160.0, 120.0) / hypot(36.0, 24.0), c: centre) })
        XCTAssertLessThan(try worstReadError(longer, Self.frame, inverse: hom50).0, 2e-3)
    }

    /// A scene rectangle seen by a camera turned by `m`: its corners in the picture, and the
    /// correction (the picture back to the upright view) as a solved homography.
    func keystone(_ name: String, _ m: [[Double]]) throws -> (Double, Int) {
        let upright = [Point(40, 30), Point(120, 30), Point(120, 95), Point(40, 95)]  // bl, br, tr, tl
        let seen = upright.map { turn($0, m, f: focal28, c: centre) }
        let inputs: [String: FilterValue] = [
            "inputBottomLeft": .vector(Vector(seen[0].x, seen[0].y)),
            "inputBottomRight": .vector(Vector(seen[1].x, seen[1].y)),
            "inputTopRight": .vector(Vector(seen[2].x, seen[2].y)),
            "inputTopLeft": .vector(Vector(seen[3].x, seen[3].y)),
        ]
        let out = try apply(name, coordinates(Self.frame), inputs)
        let back = transpose(m)
        return try worstReadError(
            out, Self.frame, inverse: solveMapping(probes, probes.map { turn($0, back, f: focal28, c: centre) }))
    }

    func testKeystoneCorrectionsUndoTheCamerasTurn() throws {
        for (name, m) in [
            ("CIKeystoneCorrectionVertical", rx(0.25)), ("CIKeystoneCorrectionHorizontal", ry(-0.3)),
            ("CIKeystoneCorrectionCombined", mul(ry(0.2), rx(-0.25))),
        ] {
            let (worst, checked) = try keystone(name, m)
            XCTAssertGreaterThan(checked, 3000, name)
            XCTAssertLessThan(worst, 2e-3, name)
        }
        let photo = TestImages.random(40, 30, seed: 9)
        let unset = try TestImages.render(try apply("CIKeystoneCorrectionCombined", photo), IRect(0, 0, 40, 30))
        XCTAssertEqual(
            TestImages.maxDifference(unset, try TestImages.render(photo, IRect(0, 0, 40, 30))), 0, "no guide points: unchanged")
        XCTAssertThrowsError(try apply("CIKeystoneCorrectionVertical", photo, ["inputTopLeft": .vector(Vector(1, 2))]))
    }
}
