import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CICategoryColorEffect filters against oracles re-derived in the test.
final class ColorEffectTests: ColorOracleCase {
    let input = TestImages.random(29, 19, seed: 33)
    var rect: IRect { IRect(0, 0, 29, 19) }

    func message(_ body: () throws -> Void) -> String {
        do { try body() } catch let e as LunetteError { return e.message } catch { return "\(error)" }
        return "no error"
    }

    func testColorCrossPolynomialFollowsTheFormula() throws {
        let k: [[Double]] = [
            [0.9, 0.1, 0, 0.05, 0, 0, 0.1, 0, -0.05, 0.01],
            [0, 0.8, 0.1, 0, 0.1, 0, 0, 0.05, 0, 0.02],
            [0.1, 0, 0.7, 0, 0, 0.2, -0.1, 0, 0.1, 0],
        ]
        let out = try apply(
            "CIColorCrossPolynomial", input,
            [
                "inputRedCoefficients": .vector(Vector(k[0])), "inputGreenCoefficients": .vector(Vector(k[1])),
                "inputBlueCoefficients": .vector(Vector(k[2])),
            ])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let (r, g, b) = (c.x, c.y, c.z)
            let terms = [r, g, b, r * r, g * g, b * b, r * g, g * b, b * r, 1]
            let o = k.map { row in zip(row, terms).map(*).reduce(0, +) }
            return self.premul(SIMD3(o[0], o[1], o[2]), p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
    }

    // MARK: Colour cubes

    /// A cube entry list (red fastest) from a function of the three indices' colour.
    func cubeFloats(_ n: Int, _ f: (Double, Double, Double) -> [Double]) -> [Double] {
        var out: [Double] = []
        for b in 0..<n {
            for g in 0..<n {
                for r in 0..<n {
                    out += f(Double(r) / Double(n - 1), Double(g) / Double(n - 1), Double(b) / Double(n - 1))
                }
            }
        }
        return out
    }

    func bytes(_ floats: [Double]) -> [UInt8] {
        floats.flatMap { v -> [UInt8] in
            let bits = Float(v).bitPattern.littleEndian
            return [UInt8(bits & 0xff), UInt8((bits >> 8) & 0xff), UInt8((bits >> 16) & 0xff), UInt8(bits >> 24)]
        }
    }

    /// Naive trilinear interpolation of cube entries at coordinates clamped to 0…1.
    func trilinear(_ cube: [Double], _ n: Int, _ c: SIMD3<Double>) -> SIMD4<Double> {
        let s = (0..<3).map { min(max(c[$0], 0), 1) * Double(n - 1) }
        let i0 = s.map { min(Int($0.rounded(.down)), n - 2) }
        let t = (0..<3).map { s[$0] - Double(i0[$0]) }
        var acc = SIMD4<Double>.zero
        for corner in 0..<8 {
            let d = [corner & 1, (corner >> 1) & 1, (corner >> 2) & 1]
            var w = 1.0
            for a in 0..<3 { w *= d[a] == 1 ? t[a] : 1 - t[a] }
            let plane: Int = (i0[2] + d[2]) * n + (i0[1] + d[1])
            let idx: Int = plane * n + (i0[0] + d[0])
            let e = SIMD4<Double>(cube[idx * 4], cube[idx * 4 + 1], cube[idx * 4 + 2], cube[idx * 4 + 3])
            acc += e * w
        }
        return acc
    }

    /// A non-trivial cube: channels swapped and bent, with a varying alpha (premultiplied).
    func sampleCube(_ n: Int) -> [Double] {
        cubeFloats(n) { r, g, b in
            let a = 1 - 0.3 * r * b
            return [(g * g) * a, (0.5 * r + 0.5 * b) * a, (1 - r) * a, a]
        }
    }

    func testColorCubeInterpolatesTrilinearly() throws {
        let n = 5, cube = sampleCube(n)
        for value in [FilterValue.data(bytes(cube)), .vector(Vector(cube))] {
            let out = try apply("CIColorCube", input, ["inputCubeDimension": .number(Double(n)), "inputCubeData": value])
            let oracle = try mapOracle(input) { p in self.trilinear(cube, n, self.straight(p)) * p.w }
            try assertClose(out, oracle, rect: rect, tolerance: 2e-6)
        }
        // An identity cube leaves the image unchanged; so does no data at all.
        let identity = cubeFloats(2) { r, g, b in [r, g, b, 1] }
        let same = try apply("CIColorCube", input, ["inputCubeData": .data(bytes(identity))])
        try assertClose(same, input, rect: rect, tolerance: 1e-6)
        try assertClose(try apply("CIColorCube", input, ["inputCubeDimension": .number(16)]), input, rect: rect, tolerance: 0)
    }

    func testColorCubeClampsOrExtrapolatesOutsideTheCube() throws {
        let n = 3, cube = sampleCube(n)
        let hdr = TestImages.make(IRect(0, 0, 2, 1)) { x, _ in x == 0 ? Pixel(1.5, -0.2, 0.4, 1) : Pixel(0.2, 1.2, 0.9, 1) }
        let inputs: [String: FilterValue] = ["inputCubeDimension": .number(3), "inputCubeData": .vector(Vector(cube))]
        let clamped = try TestImages.render(try apply("CIColorCube", hdr, inputs))
        let want = trilinear(cube, n, SIMD3(1.5, -0.2, 0.4))
        for i in 0..<4 { XCTAssertEqual(Double(clamped[0, 0][i]), want[i], accuracy: 1e-6) }
        var ex = inputs
        ex["inputExtrapolate"] = .number(1)
        // Trilinear interpolation reproduces an affine function, so extrapolating its cube does too.
        let linearCube = cubeFloats(n) { r, g, b in [0.5 * r + 0.25 * g, b - g, r, 1] }
        ex["inputCubeData"] = .vector(Vector(linearCube))
        let extrapolated = try TestImages.render(try apply("CIColorCube", hdr, ex))
        let c = SIMD3<Double>(1.5, -0.2, 0.4)
        let expect = [0.5 * c.x + 0.25 * c.y, c.z - c.y, c.x]
        for i in 0..<3 { XCTAssertEqual(Double(extrapolated[0, 0][i]), expect[i], accuracy: 1e-5) }
    }

    func testColorCubeRejectsDataOfTheWrongLength() throws {
        let cube = sampleCube(4)
        XCTAssertEqual(
            message {
                _ = try self.apply(
                    "CIColorCube", self.input,
                    [
                        "inputCubeDimension": .number(5),
                        "inputCubeData": .data(self.bytes(cube)),
                    ])
            },
            "CIColorCube.inputCubeData: a cube of dimension 5 needs 5³ × 4 Float32 = 2000 bytes, got 1024 bytes")
        XCTAssertEqual(
            message {
                _ = try self.apply(
                    "CIColorCubeWithColorSpace", self.input,
                    [
                        "inputCubeDimension": .number(4), "inputCubeData": .vector(Vector(Array(cube.dropLast()))),
                    ])
            }, "CIColorCubeWithColorSpace.inputCubeData: a cube of dimension 4 needs 4³ × 4 = 256 numbers, got 255")
        let f = try Filter(name: "CIColorCube")
        XCTAssertThrowsError(try f.set("inputCubeData", .color(Color(1, 1, 1))))
        XCTAssertThrowsError(try f.set("inputCubeDimension", .number(65)))
    }

    func testColorCubeWithColorSpaceWorksOnEncodedValues() throws {
        let n = 4, cube = sampleCube(n)
        let base: [String: FilterValue] = ["inputCubeDimension": .number(Double(n)), "inputCubeData": .data(bytes(cube))]
        var srgb = base
        srgb["inputColorSpace"] = .string("kCGColorSpaceSRGB")
        let out = try apply("CIColorCubeWithColorSpace", input, srgb)
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let e = self.trilinear(cube, n, SIMD3(self.enc(c.x), self.enc(c.y), self.enc(c.z)))
            return self.premul(SIMD3(self.dec(e.x / e.w), self.dec(e.y / e.w), self.dec(e.z / e.w)), e.w * p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
        // No colour space (or a linear one) is exactly CIColorCube.
        let plain = try apply("CIColorCube", input, base)
        try assertClose(try apply("CIColorCubeWithColorSpace", input, base), plain, rect: rect, tolerance: 0)
        var lin = base
        lin["inputColorSpace"] = .string("linearSRGB")
        try assertClose(try apply("CIColorCubeWithColorSpace", input, lin), plain, rect: rect, tolerance: 0)
        var bad = base
        bad["inputColorSpace"] = .string("CMYK")
        XCTAssertEqual(
            message { _ = try self.apply("CIColorCubeWithColorSpace", self.input, bad) },
            "CIColorCubeWithColorSpace.inputColorSpace: unknown colour space \"CMYK\" (Lunette knows \"sRGB\" and \"linearSRGB\")"
        )
    }

    // MARK: Tonal effects

    func testColorInvertIsTheEncodedNegative() throws {
        let out = try apply("CIColorInvert", input)
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            return self.premul(SIMD3(self.dec(1 - self.enc(c.x)), self.dec(1 - self.enc(c.y)), self.dec(1 - self.enc(c.z))), p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 2e-6)
        try assertClose(try apply("CIColorInvert", out), input, rect: rect, tolerance: 3e-6)
    }

    func testColorPosterizeRoundsEncodedChannels() throws {
        let levels = 5.0
        let out = try apply("CIColorPosterize", input, ["inputLevels": .number(levels)])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            func q(_ v: Double) -> Double { self.dec((self.enc(v) * levels + 0.5).rounded(.down) / levels) }
            return self.premul(SIMD3(q(c.x), q(c.y), q(c.z)), p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 2e-6)
    }

    func testMaximumAndMinimumComponent() throws {
        let mx = try apply("CIMaximumComponent", input), mn = try apply("CIMinimumComponent", input)
        try assertClose(
            mx,
            try mapOracle(input) { p in
                let v = max(p.x, p.y, p.z); return SIMD4(v, v, v, p.w)
            },
            rect: rect, tolerance: 0)
        try assertClose(
            mn,
            try mapOracle(input) { p in
                let v = min(p.x, p.y, p.z); return SIMD4(v, v, v, p.w)
            },
            rect: rect, tolerance: 0)
    }

    func testMaskToAlphaUsesLinearLuminance() throws {
        let out = try apply("CIMaskToAlpha", input)
        let oracle = try mapOracle(input) { p in
            let a = min(max(0.2126 * p.x + 0.7152 * p.y + 0.0722 * p.z, 0), 1)
            return SIMD4(a, a, a, a)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-6)
    }

    func testColorMonochromeKeepsLuminanceAndTakesTheHue() throws {
        let color = Color(0.2, 0.5, 0.8, 1), k = 0.7
        let tint = SIMD3(dec(0.2), dec(0.5), dec(0.8))
        let out = try apply("CIColorMonochrome", input, ["inputColor": .color(color), "inputIntensity": .number(k)])
        let oracle = try mapOracle(input) { p in
            let c = self.straight(p)
            let y = self.luminance(c), yc = self.luminance(tint)
            let m = y <= yc ? tint * (y / yc) : tint + (SIMD3(repeating: 1) - tint) * ((y - yc) / (1 - yc))
            XCTAssertEqual(self.luminance(m), y, accuracy: 1e-9)
            return self.premul(c + (m - c) * k, p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
    }

    func testFalseColorRampsByPerceptualLuminance() throws {
        let c0 = Color(0.1, 0.2, 0.6, 1), c1 = Color(1, 0.9, 0.1, 0.8)
        let out = try apply("CIFalseColor", input, ["inputColor0": .color(c0), "inputColor1": .color(c1)])
        let oracle = try mapOracle(input) { p in
            let t = min(max(self.enc(self.luminance(self.straight(p))), 0), 1)
            let m = [c0.r + (c1.r - c0.r) * t, c0.g + (c1.g - c0.g) * t, c0.b + (c1.b - c0.b) * t, c0.a + (c1.a - c0.a) * t]
            return self.premul(SIMD3(self.dec(m[0]), self.dec(m[1]), self.dec(m[2])), m[3] * p.w)
        }
        try assertClose(out, oracle, rect: rect, tolerance: 1e-5)
        // Black-to-white false colour of a gray image is the image itself.
        let grays = TestImages.make(IRect(0, 0, 6, 1)) { x, _ in
            let v = Float(x) / 5; return Pixel(v, v, v, 1)
        }
        let bw = try apply("CIFalseColor", grays, ["inputColor0": .color(Color(0, 0, 0)), "inputColor1": .color(Color(1, 1, 1))])
        try assertClose(bw, grays, rect: IRect(0, 0, 6, 1), tolerance: 2e-6)
    }

    func testColorMapLooksUpTheGradientsMiddleRow() throws {
        let colors: [Pixel] = [Pixel(0, 0, 0.5, 1), Pixel(0.5, 0, 0, 0.5), Pixel(0.9, 0.9, 0, 1), Pixel(1, 1, 1, 1)]
        // Rows other than the middle one are junk that must not be read.
        let gradient = TestImages.make(IRect(10, 20, 4, 3)) { x, y in y == 21 ? colors[x - 10] : Pixel(1, 0, 1, 1) }
        let out = try apply("CIColorMap", input, ["inputGradientImage": .image(gradient)])
        let oracle = try mapOracle(input) { p in
            let t = min(max(self.enc(self.luminance(self.straight(p))), 0), 1) * 3
            let i = min(Int(t), 2), u = t - Double(i)
            let a = colors[i], b = colors[i + 1]
            let mix = (0..<4).map { Double(a[$0]) + (Double(b[$0]) - Double(a[$0])) * u }
            return SIMD4(mix[0], mix[1], mix[2], mix[3]) * p.w
        }
        try assertClose(out, oracle, rect: rect, tolerance: 2e-6)
        XCTAssertThrowsError(try apply("CIColorMap", input, ["inputGradientImage": .image(Image.color(Color(1, 0, 0)))]))
    }

    // MARK: Vignettes

    func shadeOracle(_ input: Image, intensity: Double, _ s: @escaping (Double, Double) -> Double) throws -> Image {
        let buf = try TestImages.render(input)
        return TestImages.make(buf.rect) { x, y in
            let p = buf[x, y], k = s(Double(x) + 0.5, Double(y) + 0.5)
            let q = SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w))
            let r: SIMD4<Double> =
                intensity >= 0
                ? SIMD4(q.x * (1 - intensity * k), q.y * (1 - intensity * k), q.z * (1 - intensity * k), q.w)
                : SIMD4(
                    q.x + (q.w - q.x) * -intensity * k, q.y + (q.w - q.y) * -intensity * k, q.z + (q.w - q.z) * -intensity * k,
                    q.w)
            return Pixel(Float(r.x), Float(r.y), Float(r.z), Float(r.w))
        }
    }

    func testVignetteFollowsTheCos4Law() throws {
        let img = TestImages.random(40, 24, seed: 8, origin: (-10, 5))
        let cx = -10 + 20.0, cy = 5 + 12.0, half = (40.0 * 40 + 24 * 24).squareRoot() / 2
        for (intensity, radius) in [(0.8, 1.0), (-0.6, 0.5)] {
            let out = try apply("CIVignette", img, ["inputIntensity": .number(intensity), "inputRadius": .number(radius)])
            XCTAssertEqual(out.extent, img.extent)
            let oracle = try shadeOracle(img, intensity: intensity) { x, y in
                let rho = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot() / half
                return 1 - pow(cos(atan(rho / radius)), 4)
            }
            try assertClose(out, oracle, rect: IRect(-10, 5, 40, 24), tolerance: 1e-5, "intensity \(intensity)")
        }
        XCTAssertThrowsError(try apply("CIVignette", Image.color(Color(1, 1, 1)), ["inputIntensity": .number(1)]))
    }

    func testVignetteEffectShadesOutsideTheRadius() throws {
        let img = TestImages.random(36, 30, seed: 9)
        let (cx, cy, r, falloff) = (14.0, 17.0, 8.0, 0.4)
        for intensity in [1.0, -0.5] {
            let out = try apply(
                "CIVignetteEffect", img,
                [
                    "inputCenter": .vector(Vector(cx, cy)), "inputRadius": .number(r),
                    "inputIntensity": .number(intensity), "inputFalloff": .number(falloff),
                ])
            let oracle = try shadeOracle(img, intensity: intensity) { x, y in
                let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
                let t = min(max((d - r) / (r * 2 * falloff), 0), 1)
                return t * t * (3 - 2 * t)
            }
            try assertClose(out, oracle, rect: IRect(0, 0, 36, 30), tolerance: 1e-5, "intensity \(intensity)")
        }
        // Inside the radius nothing changes; far outside full intensity turns the image black.
        let out = try TestImages.render(
            try apply(
                "CIVignetteEffect", img,
                [
                    "inputCenter": .vector(Vector(cx, cy)),
                    "inputRadius": .number(r),
                ]))
        let src = try TestImages.render(img)
        XCTAssertEqual(out[14, 17], src[14, 17])
        XCTAssertEqual(out[35, 0].x, 0)
        XCTAssertEqual(out[35, 0].w, src[35, 0].w)
    }

    // MARK: Fusion

    func testFusedChainOfFiveEqualsOneFilterAtATime() throws {
        let steps: [(String, [String: FilterValue])] = [
            ("CIToneCurve", ["inputPoint1": .vector(Vector(0.25, 0.2)), "inputPoint3": .vector(Vector(0.75, 0.8))]),
            ("CIHueAdjust", ["inputAngle": .number(0.4)]),
            ("CIVibrance", ["inputAmount": .number(0.5)]),
            ("CIColorCube", ["inputCubeDimension": .number(4), "inputCubeData": .vector(Vector(sampleCube(4)))]),
            ("CIVignetteEffect", ["inputCenter": .vector(Vector(12, 9)), "inputRadius": .number(6)]),
        ]
        var fused = input, separate = input
        for (name, inputs) in steps {
            fused = try apply(name, fused, inputs)
            separate = Image(SourceNode(try TestImages.render(try apply(name, separate, inputs))))
        }
        // The fused graph is one chain of point nodes over the source (plus the vignette's generator).
        var node: any ImageNode = fused.node, points = 0
        while let p = node as? PointNode { points += 1; node = p.inputs[0].node }
        XCTAssertEqual(points, 5)
        XCTAssertTrue(node is SourceNode)
        try assertClose(fused, separate, rect: rect, tolerance: 0)
    }
}
