import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Helpers for the colour oracles, written independently of the filters (Double precision).
class ColorOracleCase: FilterTestCase {
    /// IEC 61966-2-1 encoding, odd-symmetric.
    func enc(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? 12.92 * a : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }

    /// IEC 61966-2-1 decoding, odd-symmetric.
    func dec(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    func luminance(_ c: SIMD3<Double>) -> Double { 0.2126 * c.x + 0.7152 * c.y + 0.0722 * c.z }

    /// A premultiplied pixel from straight colour and alpha.
    func premul(_ c: SIMD3<Double>, _ a: Double) -> SIMD4<Double> { SIMD4(c.x * a, c.y * a, c.z * a, a) }

    /// Row-major 3×3 matrix helpers.
    func mul(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }
    func mul(_ a: [[Double]], _ v: [Double]) -> [Double] { (0..<3).map { i in (0..<3).reduce(0) { $0 + a[i][$1] * v[$1] } } }
    func inv(_ m: [[Double]]) -> [[Double]] {
        let det =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        var r = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                // Cofactor of (j, i) for the adjugate.
                let rows = [0, 1, 2].filter { $0 != j }, cols = [0, 1, 2].filter { $0 != i }
                let minor = m[rows[0]][cols[0]] * m[rows[1]][cols[1]] - m[rows[0]][cols[1]] * m[rows[1]][cols[0]]
                r[i][j] = ((i + j) % 2 == 0 ? 1 : -1) * minor / det
            }
        }
        return r
    }

    let srgbToXYZ: [[Double]] = [
        [0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041],
    ]
    let bradford: [[Double]] = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]

    /// The linear-RGB matrix of a Bradford von Kries adaptation from XYZ white `s` to `d`.
    func bradfordRGB(_ s: [Double], _ d: [Double]) -> [[Double]] {
        let cs = mul(bradford, s), cd = mul(bradford, d)
        let diag = [[cd[0] / cs[0], 0, 0], [0, cd[1] / cs[1], 0], [0, 0, cd[2] / cs[2]]]
        return mul(inv(srgbToXYZ), mul(inv(bradford), mul(diag, mul(bradford, srgbToXYZ))))
    }

    /// An oracle image applying a 3×3 matrix to premultiplied colour.
    func matrixOracle(_ input: Image, _ m: [[Double]]) throws -> Image {
        try mapOracle(input) { p in
            let v = self.mul(m, [p.x, p.y, p.z])
            return SIMD4(v[0], v[1], v[2], p.w)
        }
    }
}

/// CICategoryColorAdjustment filters against oracles re-derived in the test.
final class ColorAdjustmentTests: ColorOracleCase {
    let input = TestImages.random(31, 17, seed: 21)
    var rect: IRect { IRect(0, 0, 31, 17) }

    func testColorClampClampsStraightRGBA() throws {
        let lo = [0.2, 0.1, 0.3, 0.4], hi = [0.8, 0.9, 0.6, 0.9]
        let out = try apply(
            "CIColorClamp", input,
            [
                "inputMinComponents": .vector(Vector(lo)),
                "inputMaxComponents": .vector(Vector(hi)),
            ])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let u = [c.x, c.y, c.z, p.w].enumerated().map { min(max($0.element, lo[$0.offset]), hi[$0.offset]) }
            return self.premul(SIMD3(u[0], u[1], u[2]), u[3])
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-6)
    }

    func testColorPolynomialIsACubicPerChannelIncludingAlpha() throws {
        let k: [[Double]] = [[0.05, 0.8, 0.3, -0.2], [0, 1.1, -0.4, 0.2], [0.1, 0.5, 0.5, -0.1], [0.1, 0.9, 0, -0.05]]
        let out = try apply(
            "CIColorPolynomial", input,
            [
                "inputRedCoefficients": .vector(Vector(k[0])), "inputGreenCoefficients": .vector(Vector(k[1])),
                "inputBlueCoefficients": .vector(Vector(k[2])), "inputAlphaCoefficients": .vector(Vector(k[3])),
            ])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let x = [c.x, c.y, c.z, p.w]
            let y = (0..<4).map { (i: Int) -> Double in
                let v: Double = x[i]
                let c: [Double] = k[i]
                return c[0] + c[1] * v + c[2] * v * v + c[3] * v * v * v
            }
            return self.premul(SIMD3(y[0], y[1], y[2]), min(max(y[3], 0), 1))
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
    }

    func testGammaAdjustRaisesStraightColourToThePower() throws {
        for power in [0.6, 2.2] {
            let out = try apply("CIGammaAdjust", input, ["inputPower": .number(power)])
            let oracle = try mapOracle(input) { p in
                let c = self.straight(p)
                return self.premul(SIMD3(pow(c.x, power), pow(c.y, power), pow(c.z, power)), p.w)
            }
            try assertClose(out, oracle, rect: rect, tolerance: 1e-5, "power \(power)")
        }
    }

    func testHueAdjustRotatesAboutTheGrayAxis() throws {
        let angle = 0.9
        let out = try apply("CIHueAdjust", input, ["inputAngle": .number(angle)])
        // Rodrigues' rotation in vector form: v cos θ + (k × v) sin θ + k (k·v)(1 − cos θ).
        let k = SIMD3<Double>(1, 1, 1) / 3.0.squareRoot()
        let oracle = try mapOracle(input) { p in
            let v = SIMD3(p.x, p.y, p.z)
            let cross = SIMD3(k.y * v.z - k.z * v.y, k.z * v.x - k.x * v.z, k.x * v.y - k.y * v.x)
            let r = v * cos(angle) + cross * sin(angle) + k * (k * v).sum() * (1 - cos(angle))
            return SIMD4(r.x, r.y, r.z, p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
        // A third of a turn takes red to green and leaves gray alone.
        let red = TestImages.make(IRect(0, 0, 2, 1)) { x, _ in x == 0 ? Pixel(1, 0, 0, 1) : Pixel(0.3, 0.3, 0.3, 1) }
        let turned = try TestImages.render(try apply("CIHueAdjust", red, ["inputAngle": .number(2 * Double.pi / 3)]))
        XCTAssertLessThan(TestImages.maxAbs(turned[0, 0] - Pixel(0, 1, 0, 1)), 1e-5)
        XCTAssertLessThan(TestImages.maxAbs(turned[1, 0] - Pixel(0.3, 0.3, 0.3, 1)), 1e-5)
    }

    func testSRGBToneCurvesFollowIEC61966AndRoundTrip() throws {
        // Each curve against the formula applied to every straight channel.
        for (name, curve) in [("CILinearToSRGBToneCurve", enc), ("CISRGBToneCurveToLinear", dec)] {
            try assertClose(
                try apply(name, input),
                try mapOracle(input) { p in
                    let c = self.straight(p)
                    return self.premul(SIMD3(curve(c.x), curve(c.y), curve(c.z)), p.w)
                }, rect: rect, tolerance: 2e-6)
        }
        // The pair undoes itself in both orders, including values beyond 0…1.
        let wide = TestImages.make(IRect(0, 0, 8, 1)) { x, _ in
            let v = Float(x) * 0.3 - 0.6
            return Pixel(v, v * 0.5, 1 + v, 1)
        }
        for img in [input, wide] {
            let there = try apply("CISRGBToneCurveToLinear", try apply("CILinearToSRGBToneCurve", img))
            let back = try apply("CILinearToSRGBToneCurve", try apply("CISRGBToneCurveToLinear", img))
            try assertClose(there, img, rect: IRect(covering: img.extent), tolerance: 3e-6)
            try assertClose(back, img, rect: IRect(covering: img.extent), tolerance: 3e-6)
        }
        // 8-bit mid-gray 0.5 in linear light is encoded back to 0.5.
        let mid = Image.color(Color(0.5, 0.5, 0.5, 1))
        let linear = try TestImages.render(try apply("CILinearToSRGBToneCurve", mid), IRect(0, 0, 1, 1))
        XCTAssertEqual(Double(linear[0, 0].x), 0.5, accuracy: 1e-6)
    }

    // MARK: White balance

    /// Krystek's Planckian locus in CIE 1960 uv, then a tint offset along the normal, as xy.
    func whiteXYZ(_ t: Double, _ tint: Double) -> [Double] {
        func uv(_ t: Double) -> (Double, Double) {
            (
                (0.860117757 + 1.54118254e-4 * t + 1.28641212e-7 * t * t) / (1 + 8.42420235e-4 * t + 7.08145163e-7 * t * t),
                (0.317398726 + 4.22806245e-5 * t + 4.20481691e-8 * t * t) / (1 - 2.89741816e-5 * t + 1.61456053e-7 * t * t)
            )
        }
        let (u0, v0) = uv(t), (u1, v1) = uv(t + 0.01), (um, vm) = uv(t - 0.01)
        let du = u1 - um, dv = v1 - vm, len = (du * du + dv * dv).squareRoot()
        let u = u0 + dv / len * tint / 3000, v = v0 - du / len * tint / 3000
        let x = 3 * u / (2 * u - 8 * v + 4), y = 2 * v / (2 * u - 8 * v + 4)
        return [x / y, 1, (1 - x - y) / y]
    }

    func testTemperatureAndTintIsABradfordAdaptationBetweenLocusWhites() throws {
        let from = (4200.0, 12.0), to = (6800.0, -5.0)
        let out = try apply(
            "CITemperatureAndTint", input,
            [
                "inputNeutral": .vector(Vector(from.0, from.1)),
                "inputTargetNeutral": .vector(Vector(to.0, to.1)),
            ])
        let m = bradfordRGB(whiteXYZ(from.0, from.1), whiteXYZ(to.0, to.1))
        try assertClose(out, try matrixOracle(input, m), rect: rect, tolerance: 2e-5)
    }

    func testTemperatureAndTintDirections() throws {
        let gray = Image.color(Color(0.5, 0.5, 0.5, 1)).cropped(to: Rect(0, 0, 1, 1))
        func balance(_ neutral: [Double]) throws -> Pixel {
            try TestImages.render(try apply("CITemperatureAndTint", gray, ["inputNeutral": .vector(Vector(neutral))]))[0, 0]
        }
        let warm = try balance([9000, 0]), cool = try balance([4000, 0]), magenta = try balance([6500, 40])
        XCTAssertGreaterThan(warm.x, warm.z, "a bluish scene white is corrected toward warm")
        XCTAssertLessThan(cool.x, cool.z, "a reddish scene white is corrected toward blue")
        XCTAssertLessThan(magenta.y, min(magenta.x, magenta.z), "a greenish scene white is corrected toward magenta")
        // An xy chromaticity names the white directly: the neutral's own white becomes the target's.
        let d50 = [0.3457, 0.3585]
        let xyz = [d50[0] / d50[1], 1, (1 - d50[0] - d50[1]) / d50[1]]
        let rgb = mul(inv(srgbToXYZ), xyz)
        let patch = TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(Float(rgb[0]), Float(rgb[1]), Float(rgb[2]), 1) }
        let out = try TestImages.render(
            try apply(
                "CITemperatureAndTint", patch,
                [
                    "inputNeutral": .vector(Vector(d50)),
                    "inputTargetNeutral": .vector(Vector(0.3127, 0.329)),
                ]))
        let want = mul(inv(srgbToXYZ), [0.3127 / 0.329, 1, (1 - 0.3127 - 0.329) / 0.329])
        for i in 0..<3 { XCTAssertEqual(Double(out[0, 0][i]), want[i], accuracy: 1e-4) }
        XCTAssertThrowsError(try apply("CITemperatureAndTint", gray, ["inputNeutral": .vector(Vector(-100, 0))]))
    }

    func testWhitePointAdjustMapsWhiteOntoTheColour() throws {
        let color = Color(1, 0.8, 0.55, 1)
        let lin = [dec(1), dec(0.8), dec(0.55)]
        let out = try apply("CIWhitePointAdjust", input, ["inputColor": .color(color)])
        let m = [[lin[0], 0, 0], [0, lin[1], 0], [0, 0, lin[2]]]  // Apple: per channel, no Bradford mixing
        try assertClose(out, try matrixOracle(input, m), rect: rect, tolerance: 1e-5)
        let white = Image.color(Color(1, 1, 1, 1)).cropped(to: Rect(0, 0, 1, 1))
        let w = try TestImages.render(try apply("CIWhitePointAdjust", white, ["inputColor": .color(color)]))[0, 0]
        for i in 0..<3 { XCTAssertEqual(Double(w[i]), lin[i], accuracy: 1e-5) }
    }

    // MARK: Tone curve

    /// Fritsch–Carlson monotone cubic through `p`, written out independently.
    func monotoneCurve(_ p: [(Double, Double)], _ x: Double) -> Double {
        let n = p.count
        var secant = [Double](), tangent = [Double](repeating: 0, count: n)
        for i in 0..<(n - 1) { secant.append((p[i + 1].1 - p[i].1) / (p[i + 1].0 - p[i].0)) }
        tangent[0] = secant[0]; tangent[n - 1] = secant[n - 2]
        for i in 1..<(n - 1) { tangent[i] = secant[i - 1] * secant[i] > 0 ? (secant[i - 1] + secant[i]) / 2 : 0 }
        for i in 0..<(n - 1) {
            if secant[i] == 0 { tangent[i] = 0; tangent[i + 1] = 0; continue }
            let a = tangent[i] / secant[i], b = tangent[i + 1] / secant[i]
            let r = (a * a + b * b).squareRoot()
            if r > 3 { tangent[i] = 3 * a / r * secant[i]; tangent[i + 1] = 3 * b / r * secant[i] }
        }
        if x <= p[0].0 { return p[0].1 }
        if x >= p[n - 1].0 { return p[n - 1].1 }
        let i = (0..<(n - 1)).last { p[$0].0 <= x }!
        let h = p[i + 1].0 - p[i].0, t = (x - p[i].0) / h
        let h00 = 2 * t * t * t - 3 * t * t + 1, h10 = t * t * t - 2 * t * t + t
        let h01 = -2 * t * t * t + 3 * t * t, h11 = t * t * t - t * t
        return h00 * p[i].1 + h10 * h * tangent[i] + h01 * p[i + 1].1 + h11 * h * tangent[i + 1]
    }

    let curve: [(Double, Double)] = [(0, 0.05), (0.2, 0.1), (0.45, 0.6), (0.7, 0.8), (1, 0.95)]
    var curveInputs: [String: FilterValue] {
        Dictionary(
            uniqueKeysWithValues: curve.enumerated().map {
                ("inputPoint\($0.offset)", .vector(Vector($0.element.0, $0.element.1)))
            })
    }

    func testToneCurveIsAMonotoneSplineInGamma2Space() throws {
        let out = try apply("CIToneCurve", input, curveInputs)
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            func f(_ v: Double) -> Double { let q = self.monotoneCurve(self.curve, v.squareRoot()); return q * q }
            return self.premul(SIMD3(f(c.x), f(c.y), f(c.z)), p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
    }

    func testToneCurvePassesThroughItsFivePoints() throws {
        // Linear values x² are x in the gamma-2 space where the curve applies.
        let img = TestImages.make(IRect(0, 0, 5, 1)) { x, _ in
            let v = Float(self.curve[x].0 * self.curve[x].0)
            return Pixel(v, v, v, 1)
        }
        let out = try TestImages.render(try apply("CIToneCurve", img, curveInputs))
        for (i, pt) in curve.enumerated() { XCTAssertEqual(Double(out[i, 0].y), pt.1 * pt.1, accuracy: 1e-6, "point \(i)") }
        // Monotone data gives a monotone curve (no overshoot between points).
        let ramp = TestImages.make(IRect(0, 0, 200, 1)) { x, _ in
            let v = Float(x) / 199; return Pixel(v, v, v, 1)
        }
        let r = try TestImages.render(try apply("CIToneCurve", ramp, curveInputs))
        for x in 1..<200 { XCTAssertGreaterThanOrEqual(r[x, 0].x, r[x - 1, 0].x) }
    }

    func testToneCurveEndsAndErrors() throws {
        var inputs = curveInputs
        let beyond = TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(2.25, 2.25, 2.25, 1) }
        let held = try TestImages.render(try apply("CIToneCurve", beyond, inputs))[0, 0]
        XCTAssertEqual(Double(held.x), 0.95 * 0.95, accuracy: 1e-6)
        inputs["inputExtrapolate"] = .number(1)
        let extended = try TestImages.render(try apply("CIToneCurve", beyond, inputs))[0, 0]
        // End slope is the last secant (0.15 / 0.3) for this curve: 0.95 + 0.5 · (1.5 − 1).
        XCTAssertEqual(Double(extended.x), 1.2 * 1.2, accuracy: 1e-5)
        inputs["inputPoint2"] = .vector(Vector(0.2, 0.5))
        XCTAssertThrowsError(try apply("CIToneCurve", input, inputs)) { e in
            XCTAssertTrue("\(e)".contains("distinct x"), "\(e)")
        }
    }

    // MARK: Vibrance

    func vibrance(_ c: SIMD3<Double>, _ amount: Double) -> SIMD3<Double> {
        let y = luminance(c)
        let hi = max(c.x, c.y, c.z), lo = min(c.x, c.y, c.z)
        if hi <= lo { return c }
        let sat = hi > 0 ? min(max(1 - max(lo, 0).squareRoot() / hi.squareRoot(), 0), 1) : 0
        var skin = 0.0
        if c.x >= c.y && c.y >= c.z { skin = max(0, 1 - abs((c.y - c.z) / (c.x - c.z) - 0.35) / 0.35) }
        var k: Double
        if amount >= 0 {
            k = 1 + amount * (1 - sat) * (1 - skin / 2)
            if lo >= 0 && lo < y { k = min(k, max(1, y / (y - lo))) }
            if hi <= 1 && hi > y { k = min(k, max(1, (1 - y) / (hi - y))) }
        } else {
            k = 1 + amount * (0.5 + 0.5 * sat) * (1 - skin / 2)
        }
        return SIMD3(repeating: y) + (c - SIMD3(repeating: y)) * k
    }

    func testVibranceFollowsItsModel() throws {
        for amount in [0.8, -0.7] {
            let out = try apply("CIVibrance", input, ["inputAmount": .number(amount)])
            let oracle = try mapOracle(input) { p in self.premul(self.vibrance(self.straight(p), amount), p.w) }
            try assertClose(out, oracle, rect: rect, tolerance: 2e-5, "amount \(amount)")
        }
        // Muted colours gain more than vivid ones, grays do not move, nothing leaves the gamut.
        let img = TestImages.make(IRect(0, 0, 3, 1)) { x, _ in
            [Pixel(0.3, 0.25, 0.35, 1), Pixel(0.9, 0.05, 0.1, 1), Pixel(0.4, 0.4, 0.4, 1)][x]
        }
        let out = try TestImages.render(try apply("CIVibrance", img, ["inputAmount": .number(1)]))
        XCTAssertGreaterThan(out[0, 0].z - out[0, 0].y, 0.1 * 1.3)
        XCTAssertLessThan(TestImages.maxAbs(out[2, 0] - Pixel(0.4, 0.4, 0.4, 1)), 1e-6)
        XCTAssertGreaterThanOrEqual(out[1, 0].min(), 0)
        XCTAssertLessThanOrEqual(out[1, 0].max(), 1)
    }
}
