import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The halftone screens: white and black are kept, the screen is periodic along its
/// directions, tone is preserved on average, alpha and extent are kept, and a real photo
/// matches the documented model re-derived here in Double.
final class HalftoneTests: WarpTestCase {
    let names = ["CICircularScreen", "CIDotScreen", "CIHatchedScreen", "CILineScreen"]
    let rect = IRect(0, 0, 120, 100)

    func flat(_ v: Float, alpha: Float = 1, _ r: IRect? = nil) -> Image {
        TestImages.make(r ?? rect) { _, _ in Pixel(v * alpha, v * alpha, v * alpha, alpha) }
    }

    func testWhiteStaysWhiteAndBlackStaysBlack() throws {
        for name in names {
            for sharpness in [0.0, 0.7, 1.0] {
                for (width, angle) in [(6.0, 0.0), (13.0, 0.7), (2.5, -2.0)] {
                    var inputs: [String: FilterValue] = [
                        "inputSharpness": .number(sharpness), "inputWidth": .number(width),
                        "inputCenter": .vector(Vector(37.3, 51.9)),
                    ]
                    if name != "CICircularScreen" { inputs["inputAngle"] = .number(angle) }
                    let white = try TestImages.render(try apply(name, flat(1), inputs), rect)
                    let black = try TestImages.render(try apply(name, flat(0), inputs), rect)
                    for i in 0..<rect.count {
                        XCTAssertEqual(white.pixels[i], Pixel(1, 1, 1, 1), "\(name) white at \(i)")
                        XCTAssertEqual(black.pixels[i], Pixel(0, 0, 0, 1), "\(name) black at \(i)")
                    }
                }
            }
        }
    }

    func testScreensArePeriodicAlongTheirDirections() throws {
        // Angle atan(3/4) with width 5: the screen's axes are the integer vectors (4, 3) and (−3, 4).
        let grey = flat(0.35)
        let inputs: [String: FilterValue] = [
            "inputAngle": .number(atan2(3, 4)), "inputWidth": .number(5),
            "inputCenter": .vector(Vector(40.2, 33.7)),
        ]
        let inner = IRect(10, 10, 100, 80)
        for name in ["CIDotScreen", "CIHatchedScreen", "CILineScreen"] {
            let buf = try TestImages.render(try apply(name, grey, inputs), rect)
            XCTAssertLessThan(worstPairDifference(buf, inner) { ($0 - 3, $1 + 4) }, 1e-4, "\(name) across the lines")
            XCTAssertGreaterThan(worstPairDifference(buf, inner) { ($0 - 1, $1 + 2) }, 0.1, "\(name) is not flat")
            if name != "CILineScreen" {
                XCTAssertLessThan(worstPairDifference(buf, inner) { ($0 + 4, $1 + 3) }, 1e-4, "\(name) along the lines")
            }
        }
        // Lines are constant along their own direction; dots and hatching are not.
        let lines = try TestImages.render(try apply("CILineScreen", grey, inputs), rect)
        XCTAssertLessThan(worstPairDifference(lines, IRect(10, 10, 90, 80)) { ($0 + 8, $1 + 6) }, 1e-4)
        // Rings: symmetric under a quarter turn about their centre.
        let rings = try TestImages.render(
            try apply("CICircularScreen", grey, ["inputCenter": .vector(Vector(60, 50)), "inputWidth": .number(7)]), rect)
        XCTAssertLessThan(worstPairDifference(rings, IRect(20, 10, 80, 80)) { (60 + 50 - 1 - $1, 50 - 60 + $0) }, 1e-4)
    }

    func testToneIsPreservedOnAverage() throws {
        let big = IRect(0, 0, 240, 240)
        for name in names {
            for y in [0.1, 0.3, 0.5, 0.8] {
                for sharpness in [0.4, 1.0] {
                    let inputs: [String: FilterValue] = [
                        "inputWidth": .number(8), "inputSharpness": .number(sharpness),
                        "inputCenter": .vector(Vector(-300, -200)),
                    ]
                    let buf = try TestImages.render(try apply(name, flat(Float(y), big), inputs), big)
                    var sum = 0.0
                    for i in 0..<big.count { sum += Double(buf.pixels[i].x) }
                    XCTAssertEqual(sum / Double(big.count), y, accuracy: 0.02, "\(name) at tone \(y), sharpness \(sharpness)")
                }
            }
        }
    }

    func testAlphaAndExtentAreKept() throws {
        let half = flat(1, alpha: 0.5, IRect(5, 7, 30, 20))
        for name in names {
            let out = try apply(name, half)
            XCTAssertEqual(out.extent, Rect(5, 7, 30, 20), name)
            let buf = try TestImages.render(out, IRect(0, 0, 40, 30))
            XCTAssertEqual(buf[10, 10], Pixel(0.5, 0.5, 0.5, 0.5), name)
            XCTAssertEqual(buf[2, 2], .zero, name)
        }
    }

    func testSharpnessNarrowsTheEdges() throws {
        let grey = flat(0.4)
        for name in names {
            var partial: [Int] = []
            for sharpness in [0.0, 0.5, 1.0] {
                let buf = try TestImages.render(
                    try apply(name, grey, ["inputSharpness": .number(sharpness), "inputWidth": .number(12)]), rect)
                partial.append((0..<rect.count).filter { buf.pixels[$0].x > 0.05 && buf.pixels[$0].x < 0.95 }.count)
            }
            XCTAssertGreaterThan(partial[0], partial[1], name)
            XCTAssertGreaterThan(partial[1], partial[2], name)
        }
    }

    /// The documented model in Double: coverage of tone y at threshold t with a ramp `aa`,
    /// the ramp centred where the mean over uniform thresholds is y (found here by bisection).
    func coverage(_ y: Double, _ t: Double, _ aa: Double) -> Double {
        if y <= 0 || y >= 1 { return y <= 0 ? 0 : 1 }
        let a = min(max(aa, 1e-6), 1)
        func ramp(_ s: Double, _ t: Double) -> Double { min(max((s - t) / a + 0.5, 0), 1) }
        // Mean coverage over t uniform in [0, 1]: ∫ ramp = H(s) − H(s − 1), H the ramp's antiderivative.
        func H(_ z: Double) -> Double { z <= -a / 2 ? 0 : z >= a / 2 ? z : (z + a / 2) * (z + a / 2) / (2 * a) }
        func mean(_ s: Double) -> Double { H(s) - H(s - 1) }
        var lo = -a / 2, hi = 1 + a / 2
        for _ in 0..<60 { let mid = (lo + hi) / 2; if mean(mid) < y { lo = mid } else { hi = mid } }
        return ramp((lo + hi) / 2, t)
    }

    func testAPhotoMatchesTheDocumentedModel() throws {
        let area = IRect(180, 200, 90, 70)
        let (input, src) = try photo(area)
        let (cx, cy, angle, w, sharp) = (211.3, 240.6, 0.45, 7.0, 0.6)
        let ramp = 1 + (1 - sharp) * w / 2
        var inputs: [String: FilterValue] = [
            "inputCenter": .vector(Vector(cx, cy)), "inputWidth": .number(w),
            "inputSharpness": .number(sharp),
        ]
        func luminance(_ x: Double, _ y: Double) -> (Double, Double) {
            let p = pixel(src[Int(x), Int(y)])
            return (min(max((0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z) / p.w, 0), 1), p.w)
        }
        func across(_ x: Double, _ y: Double, _ a: Double) -> Double { (-(x - cx) * sin(a) + (y - cy) * cos(a)) / w }
        func lineT(_ t: Double) -> Double { abs(2 * (t - floor(t)) - 1) }
        let models: [String: (Double, Double, Double) -> Double] = [
            "CILineScreen": { x, y, lum in self.coverage(lum, lineT(across(x, y, angle)), ramp * 2 / w) },
            "CICircularScreen": { x, y, lum in self.coverage(lum, lineT(hypot(x - cx, y - cy) / w), ramp * 2 / w) },
            "CIHatchedScreen": { x, y, lum in
                self.coverage(max(lum, 0.5), lineT(across(x, y, angle)), ramp * 2 / w)
                    * self.coverage(min(1, 2 * lum), lineT(across(x, y, angle - .pi / 2)), ramp * 2 / w)
            },
            "CIDotScreen": { x, y, lum in
                // Distance to the nearest grid point, in cells; the dot's area inside the cell.
                func area(_ r: Double) -> Double {
                    if r <= 0.5 { return .pi * r * r }
                    let half = acos(min(1, 0.5 / r))  // half-angle of each arc cut off by a cell edge
                    return .pi * r * r - 4 * (r * r * half - 0.5 * (r * r - 0.25).squareRoot())
                }
                let u = ((x - cx) * cos(angle) + (y - cy) * sin(angle)) / w, v = across(x, y, angle)
                let r = hypot(u - u.rounded(), v - v.rounded())
                // The dot edge for this tone, and the edge's slope dA/dr by a central difference.
                var lo = 0.0, hi = 0.5.squareRoot()
                for _ in 0..<60 { let mid = (lo + hi) / 2; if area(mid) < 1 - lum { lo = mid } else { hi = mid } }
                let e = min(lo, 0.5.squareRoot() - 1e-6),
                    slope = (area(e + 1e-6) - area(max(0, e - 1e-6))) / (e + 1e-6 - max(0, e - 1e-6))
                return self.coverage(lum, 1 - area(r), max(ramp / w * slope, 1e-4))
            },
        ]
        for (name, model) in models {
            inputs["inputAngle"] = name == "CICircularScreen" ? nil : .number(angle)
            let got = try TestImages.render(try apply(name, input, inputs), area)
            let err = worstError(got) { x, y in
                let (lum, alpha) = luminance(x, y)
                let v = model(x, y, lum) * alpha
                return SIMD4(v, v, v, alpha)
            }
            XCTAssertLessThan(err, 5e-4, name)
        }
    }
}
