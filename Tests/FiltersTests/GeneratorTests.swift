import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Pattern, colour, noise and star generators against independent references.
final class GeneratorTests: FilterTestCase {
    func lin(_ c: Color) -> SIMD4<Double> {
        func l(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        return SIMD4(l(c.r) * c.a, l(c.g) * c.a, l(c.b) * c.a, c.a)
    }

    func close(_ p: Pixel, _ q: SIMD4<Double>, _ tol: Double) -> Bool {
        abs(Double(p.x) - q.x) <= tol && abs(Double(p.y) - q.y) <= tol && abs(Double(p.z) - q.z) <= tol
            && abs(Double(p.w) - q.w) <= tol
    }

    /// One rendered pixel.
    func pixel(_ image: Image, _ x: Int, _ y: Int) throws -> Pixel {
        let buf = try TestImages.render(image, IRect(x, y, 1, 1))
        return buf[x, y]
    }

    static let c0 = Color(0.9, 0.6, 0.1, 1), c1 = Color(0.1, 0.3, 0.8, 0.6)

    /// A hard checkerboard (or stripes) averaged over n×n samples per pixel: the pixel coverage
    /// of color0 (stripes: color1 is right of the centre, as in Apple's render).
    func supersampled(_ x: Int, _ y: Int, cx: Double, cy: Double, w: Double, stripes: Bool, n: Int = 32) -> Double {
        var inside = 0
        for i in 0..<n {
            for j in 0..<n {
                let sx = Double(x) + (Double(i) + 0.5) / Double(n), sy = Double(y) + (Double(j) + 0.5) / Double(n)
                let a = Int(((sx - cx) / w).rounded(.down)), b = Int(((sy - cy) / w).rounded(.down))
                if stripes ? a & 1 != 0 : (a + b) & 1 == 0 { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }

    func testCrispCheckerboardAndStripesAreExactPixelCoverage() throws {
        for stripes in [false, true] {
            let name = stripes ? "CIStripesGenerator" : "CICheckerboardGenerator"
            let out = try apply(
                name, nil,
                [
                    "inputCenter": .vector(Vector(10.3, -4.6)), "inputWidth": .number(7.4),
                    "inputColor0": .color(Self.c0), "inputColor1": .color(Self.c1),
                ])
            XCTAssertTrue(out.extent.isInfinite)
            let rect = IRect(-20, -20, 40, 36)
            let got = try TestImages.render(out, rect, threads: 2, tile: 13)
            let a = lin(Self.c0), b = lin(Self.c1)
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let k = supersampled(x, y, cx: 10.3, cy: -4.6, w: 7.4, stripes: stripes)
                    XCTAssertTrue(
                        close(got[x, y], a * k + b * (1 - k), 0.035), "\(name) at (\(x), \(y)): \(got[x, y]) vs coverage \(k)")
                }
            }
        }
    }

    func testSharpnessSetsTheWidthOfEveryTransition() throws {
        for (sharpness, ramp) in [(1.0, 1.0), (0.75, 20.0), (0.5, 40.0), (0.0, 80.0)] {
            for name in ["CIStripesGenerator", "CICheckerboardGenerator"] {
                let out = try apply(name, nil, ["inputSharpness": .number(sharpness)])
                // Row y = 190.5 lies in the middle of a square; x crosses edges at 150 + 80k.
                let got = try TestImages.render(out, IRect(70, 190, 240, 1))
                var mixed = 0
                for x in 70..<310 where got[x, 190].x > 1e-5 && got[x, 190].x < 1 - 1e-5 { mixed += 1 }
                // Edges at 70, 150, 230 and 310: two whole ramps in [70, 310) and half of each outer one.
                let perEdge = Double(mixed) / 3
                if ramp <= 1 {
                    XCTAssertEqual(mixed, 0, "\(name): edges on pixel boundaries stay crisp")
                } else if ramp < 80 {
                    XCTAssertEqual(perEdge, ramp, accuracy: 1, "\(name) sharpness \(sharpness)")
                } else {
                    XCTAssertEqual(mixed, 240, "\(name): at sharpness 0 no pixel centre is pure (a triangle wave)")
                }
                // The ramp is linear: a quarter of the way in, the blend is 3/4 : 1/4 (in linear light).
                if ramp > 1 {
                    let p = try pixel(out, 150 + Int(ramp / 4), 190)
                    let vx = min(1, (Double(Int(ramp / 4)) + 0.5) / (ramp / 2))
                    let vy = name == "CIStripesGenerator" ? 1 : min(1, 39.5 / (ramp / 2))  // y = 190.5 is 39.5 from an edge
                    let sign = name == "CIStripesGenerator" ? -1.0 : 1  // stripes: color1 (black) right of the centre
                    XCTAssertEqual(Double(p.x), 0.5 + sign * 0.5 * vx * vy, accuracy: 1e-5)
                }
            }
        }
    }

    func testPatternsAreInfiniteAndPeriodic() throws {
        let out = try apply("CICheckerboardGenerator", nil, ["inputWidth": .number(12), "inputSharpness": .number(0.3)])
        let far = try TestImages.render(out, IRect(1_000_000, -2_000_000, 8, 8))
        let near = try TestImages.render(out, IRect(1_000_000 - 240, -2_000_000 + 480, 8, 8))
        for i in 0..<64 { XCTAssertEqual(far.pixels[i], near.pixels[i], "shifted by whole periods") }
        let stripes = try TestImages.render(
            try apply("CIStripesGenerator", nil, ["inputWidth": .number(5)]), IRect(0, -500, 20, 1000))
        for y in stride(from: -500, to: 500, by: 37) { for x in 0..<20 { XCTAssertEqual(stripes[x, y], stripes[x, 0]) } }
    }

    func testConstantColorFillsTheInfinitePlane() throws {
        let c = Color(0.2, 0.7, 0.4, 0.5)
        let out = try apply("CIConstantColorGenerator", nil, ["inputColor": .color(c)])
        XCTAssertTrue(out.extent.isInfinite)
        let buf = try TestImages.render(out, IRect(-1_000_000, 5, 9, 9))
        for i in 0..<81 { XCTAssertTrue(close(buf.pixels[i], lin(c), 1e-6)) }
        XCTAssertTrue(try apply("CIConstantColorGenerator", nil).isOpaque)
    }

    // MARK: Random

    /// Un-premultiplied, as `img:pixel` and every colour filter read a pixel.
    static func straight(_ p: SIMD4<Float>) -> SIMD4<Float> {
        p.w > 0 ? SIMD4(p.x / p.w, p.y / p.w, p.z / p.w, p.w) : p
    }

    func testRandomIsDeterministicForEveryTileOrderAndInstance() throws {
        let rect = IRect(-37, 11, 203, 151)
        let a = try Context(threads: 1, tileSize: 256).render(try apply("CIRandomGenerator", nil), rect: rect)
        let b = try Context(threads: 2, tileSize: 7).render(try apply("CIRandomGenerator", nil), rect: rect)
        let c = try Context(threads: 2, tileSize: 64).render(try apply("CIRandomGenerator", nil), rect: IRect(10, 40, 50, 60))
        XCTAssertEqual(TestImages.maxDifference(a, b), 0)
        XCTAssertEqual(TestImages.maxDifference(c, a), 0)
        XCTAssertTrue(try apply("CIRandomGenerator", nil).extent.isInfinite)
    }

    /// The documented hash, re-derived: SplitMix64's finalizer of y, then of x plus that, then of the result
    /// XOR a constant; each 64-bit word gives two 24-bit values.
    func testRandomValuesAreTheDocumentedHashOfThePixelCoordinates() throws {
        func mix(_ v: UInt64) -> UInt64 {
            var z = v
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let out = try apply("CIRandomGenerator", nil)
        for (x, y) in [(0, 0), (1, 0), (0, 1), (-5, 17), (123_456, -987_654)] {
            let h1 = mix(UInt64(bitPattern: Int64(x)) &+ mix(UInt64(bitPattern: Int64(y)) &+ 0x9E37_79B9_7F4A_7C15))
            let h2 = mix(h1 ^ 0xD1B5_4A32_D192_ED03)
            let want = [h1 >> 40, (h1 >> 8) & 0xFF_FFFF, h2 >> 40, (h2 >> 8) & 0xFF_FFFF].map { Float(Double($0) / 16_777_216) }
            let buf = try TestImages.render(out, IRect(x, y, 1, 1))
            let got = buf[x, y]  // premultiplied storage: colour times alpha
            XCTAssertEqual(
                [got.x, got.y, got.z, got.w], [want[0] * want[3], want[1] * want[3], want[2] * want[3], want[3]],
                "(\(x), \(y))")
        }
    }

    func testRandomValuesAreUniformAndIndependent() throws {
        let n = 256
        let buf = try TestImages.render(try apply("CIRandomGenerator", nil), IRect(-128, 3_000_000, n, n))
        var sum = SIMD4<Double>.zero, sq = SIMD4<Double>.zero
        var crossRG = 0.0, right = 0.0, up = 0.0
        for y in 0..<n {
            for x in 0..<n {
                let q = buf.pixels[y * n + x]
                XCTAssertTrue(q.x <= q.w && q.y <= q.w && q.z <= q.w, "colour above alpha at (\(x), \(y))")
                let p = Self.straight(q)
                let d = SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w))
                XCTAssertTrue(p.min() >= 0 && p.max() <= 1, "\(p) at (\(x), \(y))")
                sum += d; sq += d * d
                crossRG += (d.x - 0.5) * (d.y - 0.5)
                if x + 1 < n { right += (d.x - 0.5) * (Double(Self.straight(buf.pixels[y * n + x + 1]).x) - 0.5) }
                if y + 1 < n { up += (d.w - 0.5) * (Double(buf.pixels[(y + 1) * n + x].w) - 0.5) }
            }
        }
        let count = Double(n * n), variance = 1.0 / 12
        for c in 0..<4 {
            XCTAssertEqual(sum[c] / count, 0.5, accuracy: 0.01, "mean of channel \(c)")
            XCTAssertEqual(sq[c] / count - pow(sum[c] / count, 2), variance, accuracy: 0.003, "variance of channel \(c)")
        }
        for (name, v) in [("R·G", crossRG), ("horizontal neighbours", right), ("vertical neighbours", up)] {
            XCTAssertLessThan(abs(v / count / variance), 0.02, "correlation of \(name)")
        }
    }

    // MARK: Star shine

    /// The documented star-shine model, re-derived in Double.
    func starOracle(
        dx: Double, dy: Double, r: Double, scale: Double, angle: Double, opacity: Double, width: Double, epsilon: Double
    ) -> Double {
        let d2 = dx * dx + dy * dy
        var i = r * r / d2  // Apple: neither capped nor cut, a white-hot core
        let along = dx * cos(angle) + dy * sin(angle), across = -dx * sin(angle) + dy * cos(angle)
        for (a, b) in [(along, across), (across, along)] {
            let delta2 = pow(a / (scale * r), 2) + pow(b / width, 2)
            i += pow(10, opacity) * max(0, 1 / delta2 - pow(10, epsilon))
        }
        return i
    }

    /// Apple's white glow: (crossWidth / L) · max(0, 1 − d/L)², L = crossScale · r.
    func starWhite(dx: Double, dy: Double, r: Double, scale: Double, width: Double) -> Double {
        let u = max(0, 1 - (dx * dx + dy * dy).squareRoot() / (scale * r))
        return width / (scale * r) * u * u
    }

    /// The colour times the shine plus the white, each channel capped at the alpha, the alpha at 1.
    func starPixel(_ c: SIMD4<Double>, _ s: Double, white: Double = 0) -> SIMD4<Double> {
        let p = c * s + SIMD4(repeating: white), a = min(p.w, 1)
        return SIMD4(min(p.x, a), min(p.y, a), min(p.z, a), a)
    }

    func testStarShineFollowsItsModel() throws {
        let colour = Color(1, 0.8, 0.6, 1)
        for (r, scale, angle, opacity, width, eps) in [(50.0, 15.0, 0.6, -2.0, 2.5, -2.0), (12.0, 4.0, -0.3, -0.5, 4.0, -4.0)] {
            let out = try apply(
                "CIStarShineGenerator", nil,
                [
                    "inputCenter": .vector(Vector(40, 30)), "inputColor": .color(colour), "inputRadius": .number(r),
                    "inputCrossScale": .number(scale), "inputCrossAngle": .number(angle), "inputCrossOpacity": .number(opacity),
                    "inputCrossWidth": .number(width), "inputEpsilon": .number(eps),
                ])
            XCTAssertTrue(out.extent.isInfinite, "Apple renders the star over the whole plane")
            let got = try TestImages.render(out, IRect(-160, -170, 400, 400), threads: 2, tile: 100)
            let want = lin(colour)
            for y in stride(from: got.rect.y, to: got.rect.maxY, by: 5) {
                for x in stride(from: got.rect.x, to: got.rect.maxX, by: 5) {
                    let s = starOracle(
                        dx: Double(x) + 0.5 - 40, dy: Double(y) + 0.5 - 30, r: r, scale: scale, angle: angle,
                        opacity: opacity, width: width, epsilon: eps)
                    let w = starWhite(dx: Double(x) + 0.5 - 40, dy: Double(y) + 0.5 - 30, r: r, scale: scale, width: width)
                    XCTAssertTrue(
                        close(got[x, y], starPixel(want, s, white: w), 1e-5),
                        "(\(x), \(y)): \(got[x, y]) vs \(starPixel(want, s, white: w))")
                }
            }
        }
    }

    func testStarShineRaysAndOptions() throws {
        let base: [String: FilterValue] = ["inputCenter": .vector(Vector(0, 0)), "inputCrossAngle": .number(0)]
        func value(_ inputs: [String: FilterValue], _ x: Int, _ y: Int) throws -> Float {
            try pixel(try apply("CIStarShineGenerator", nil, base.merging(inputs) { $1 }), x, y).w
        }
        func glow(_ x: Int, _ y: Int, scale: Double = 15) -> Float {
            let dx = Double(x) + 0.5, dy = Double(y) + 0.5
            return Float(2500 / (dx * dx + dy * dy) + starWhite(dx: dx, dy: dy, r: 50, scale: scale, width: 2.5))
        }
        XCTAssertEqual(try value([:], 0, 0), 1, "the centre is the full colour")
        XCTAssertGreaterThan(try value([:], 300, 0), try value([:], 212, 212), "brighter along a ray than between rays")
        XCTAssertEqual(
            try value(["inputCrossOpacity": .number(-8)], 300, 0), glow(300, 0), accuracy: 1e-6,
            "no visible rays at the lowest opacity")
        XCTAssertGreaterThan(try value([:], 600, 0), glow(600, 0) + 0.01, "the rays reach far at the defaults")
        // With epsilon 0 (ε = 1) a ray ends where δ = 1: crossScale radii along it.
        let short: [String: FilterValue] = [
            "inputEpsilon": .number(0), "inputCrossOpacity": .number(0), "inputCrossScale": .number(10),
        ]
        XCTAssertGreaterThan(try value(short, 480, 0), glow(480, 0, scale: 10) + 1e-3)
        XCTAssertEqual(try value(short, 520, 0), glow(520, 0, scale: 10), accuracy: 1e-6, "past the ray's end: the glow alone")
        XCTAssertEqual(try value([:], 300, 0), try value([:], 0, 300), accuracy: 1e-6, "four-fold symmetry")
        let rotated = try value(["inputCrossAngle": .number(Double.pi / 4)], 212, 212)
        let turned =
            starOracle(dx: 212.5, dy: 212.5, r: 50, scale: 15, angle: Double.pi / 4, opacity: -2, width: 2.5, epsilon: -2)
            + starWhite(dx: 212.5, dy: 212.5, r: 50, scale: 15, width: 2.5)
        XCTAssertEqual(Double(rotated), min(turned, 1), accuracy: 1e-4, "the cross turns with crossAngle")
        XCTAssertGreaterThan(rotated, try value([:], 212, 212) * 2, "on the turned ray")
        for eps in [-6.0, -2.0, 2.0] {
            XCTAssertTrue(try apply("CIStarShineGenerator", nil, ["inputEpsilon": .number(eps)]).extent.isInfinite)
        }
        XCTAssertEqual(try pixel(try apply("CIStarShineGenerator", nil, ["inputRadius": .number(0)]), 10, 10), .zero)
        // Apple's render (radius 50, epsilon 2, crossOpacity 1, crossScale 3, crossWidth 20,
        // angle 0.78): a white core, alpha (r/d)² without cut, and no ray 35 px out along the cross.
        let apple: [String: FilterValue] = [
            "inputCenter": .vector(Vector(0, 0)), "inputRadius": .number(50),
            "inputColor": .color(Color(1, 0.658824, 0.4, 1)), "inputEpsilon": .number(2),
            "inputCrossOpacity": .number(1), "inputCrossScale": .number(3),
            "inputCrossWidth": .number(20), "inputCrossAngle": .number(0.78),
        ]
        let hot = try apply("CIStarShineGenerator", nil, apple)
        XCTAssertEqual(try pixel(hot, 10, 0), Pixel(1, 1, 1, 1))
        XCTAssertEqual(Double(try pixel(hot, 200, 0).w), 50 * 50 / (200.5 * 200.5 + 0.25), accuracy: 1e-3)
        let onRay = try pixel(hot, 25, 24), g = 2500.0 / (25.5 * 25.5 + 24.5 * 24.5)
        let c = lin(Color(1, 0.658824, 0.4, 1)), white = starWhite(dx: 25.5, dy: 24.5, r: 50, scale: 3, width: 20)
        XCTAssertEqual(Double(onRay.z), min(c.z * g + white, 1), accuracy: 1e-4, "blue as the glows alone: no ray")
        // Apple's white glow: 0.133 · (1 − d/150)², the same in every channel and alpha.
        let off = try pixel(hot, 100, 0), d = 100.5, w = 0.1333 * pow(1 - (d * d + 0.25).squareRoot() / 150, 2)
        XCTAssertEqual(Double(off.w), 2500 / (d * d + 0.25) + w, accuracy: 2e-4)
        XCTAssertEqual(Double(off.z), c.z * 2500 / (d * d + 0.25) + w, accuracy: 2e-4)
    }
}
