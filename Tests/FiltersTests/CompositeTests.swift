import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Blend modes and Porter-Duff / arithmetic composites against formulas re-derived here in
/// Double (PDF ISO 32000-1 §11.3.5, Porter & Duff 1984), on images with transparent,
/// translucent and opaque pixels, plus extents, opacity and fusion.
final class CompositeTests: FilterTestCase {
    /// Foreground partly outside the background, so every extent rule is exercised.
    let fgRect = IRect(20, 10, 20, 20), bgRect = IRect(0, 0, 30, 24)
    var unionRect: IRect { IRect(0, 0, 40, 30) }

    /// Pixels with alpha 0, alpha 1 and random alpha, colours including exact 0, ½ and 1.
    func sample(_ rect: IRect, seed: UInt64) -> Image {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double((state >> 33) & 0xffff) / 65535
        }
        var i = 0
        return TestImages.make(rect) { _, _ in
            i += 1
            let a: Double = i % 7 == 0 ? 0 : i % 5 == 0 ? 1 : 0.2 + 0.8 * next()
            func channel() -> Double {
                switch i % 11 {
                case 3: return 0;
                case 6: return 1;
                case 8: return 0.5;
                default: return next()
                }
            }
            let r = channel(), g = next(), b = channel()
            return Pixel(Float(r * a), Float(g * a), Float(b * a), Float(a))
        }
    }

    lazy var fg = sample(fgRect, seed: 11)
    lazy var bg = sample(bgRect, seed: 29)

    // MARK: Oracles

    typealias RGB = (Double, Double, Double)

    /// The PDF separable blend functions, one component at a time.
    static let separable: [String: (_ cb: Double, _ cs: Double) -> Double] = [
        "CIMultiplyBlendMode": { cb, cs in cb * cs },
        "CIScreenBlendMode": { cb, cs in cb + cs - cb * cs },
        "CIOverlayBlendMode": { cb, cs in hardLight(cs, cb) },
        "CIDarkenBlendMode": { cb, cs in min(cb, cs) },
        "CILightenBlendMode": { cb, cs in max(cb, cs) },
        "CIColorDodgeBlendMode": { cb, cs in cs < 1 ? min(1, cb / (1 - cs)) : 1 },
        "CIColorBurnBlendMode": { cb, cs in cs > 0 ? 1 - min(1, (1 - cb) / cs) : 0 },
        "CIHardLightBlendMode": { cb, cs in hardLight(cb, cs) },
        "CISoftLightBlendMode": { cb, cs in
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : sqrt(cb)
            return cb + (2 * cs - 1) * (d - cb)
        },
        "CIDifferenceBlendMode": { cb, cs in abs(cb - cs) },
        "CIExclusionBlendMode": { cb, cs in cb + cs - 2 * cb * cs },
    ]

    static func hardLight(_ cb: Double, _ cs: Double) -> Double {
        cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    }

    // The PDF's non-separable helpers, written the way the specification states them.
    static func lum(_ c: RGB) -> Double { 0.3 * c.0 + 0.59 * c.1 + 0.11 * c.2 }
    static func clipColor(_ c: RGB) -> RGB {
        let l = lum(c), n = min(c.0, c.1, c.2), x = max(c.0, c.1, c.2)
        var r = [c.0, c.1, c.2]
        if n < 0 { r = r.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { r = r.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return (r[0], r[1], r[2])
    }
    static func setLum(_ c: RGB, _ l: Double) -> RGB {
        let d = l - lum(c)
        return clipColor((c.0 + d, c.1 + d, c.2 + d))
    }
    static func sat(_ c: RGB) -> Double { max(c.0, c.1, c.2) - min(c.0, c.1, c.2) }
    static func setSat(_ c: RGB, _ s: Double) -> RGB {
        var v = [c.0, c.1, c.2]
        let order = [0, 1, 2].sorted { v[$0] < v[$1] }  // min, mid, max indices
        let (lo, mid, hi) = (order[0], order[1], order[2])
        if v[hi] > v[lo] {
            v[mid] = (v[mid] - v[lo]) * s / (v[hi] - v[lo])
            v[hi] = s
        } else {
            v[mid] = 0; v[hi] = 0
        }
        v[lo] = 0
        return (v[0], v[1], v[2])
    }

    static let nonSeparable: [String: (_ cb: RGB, _ cs: RGB) -> RGB] = [
        "CIHueBlendMode": { cb, cs in setLum(setSat(cs, sat(cb)), lum(cb)) },
        "CISaturationBlendMode": { cb, cs in setLum(setSat(cb, sat(cs)), lum(cb)) },
        "CIColorBlendMode": { cb, cs in setLum(cs, lum(cb)) },
        "CILuminosityBlendMode": { cb, cs in setLum(cb, lum(cs)) },
    ]

    /// PDF basic compositing in premultiplied form:
    /// (1 − αb)·s + (1 − αs)·b + αs·αb·B(cb, cs), alpha αs + αb − αs·αb.
    static func pdfComposite(_ s: SIMD4<Double>, _ b: SIMD4<Double>, _ blend: (RGB, RGB) -> RGB) -> SIMD4<Double> {
        let αs = s.w, αb = b.w
        var out = SIMD4<Double>(
            (1 - αb) * s.x + (1 - αs) * b.x, (1 - αb) * s.y + (1 - αs) * b.y,
            (1 - αb) * s.z + (1 - αs) * b.z, αs + αb - αs * αb)
        if αs > 0 && αb > 0 {
            let cs = (s.x / αs, s.y / αs, s.z / αs), cb = (b.x / αb, b.y / αb, b.z / αb)
            let m = blend(cb, cs)
            out.x += αs * αb * m.0; out.y += αs * αb * m.1; out.z += αs * αb * m.2
        }
        return out
    }

    /// Porter-Duff and arithmetic composites on premultiplied pixels.
    static let porterDuff: [String: (_ s: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double>] = [
        "CIAdditionCompositing": { s, b in s + b },
        "CIMaximumCompositing": { s, b in SIMD4(max(s.x, b.x), max(s.y, b.y), max(s.z, b.z), max(s.w, b.w)) },
        "CIMinimumCompositing": { s, b in SIMD4(min(s.x, b.x), min(s.y, b.y), min(s.z, b.z), min(s.w, b.w)) },
        "CIMultiplyCompositing": { s, b in s * b },
        "CISourceAtopCompositing": { s, b in s * b.w + b * (1 - s.w) },
        "CISourceInCompositing": { s, b in s * b.w },
        "CISourceOutCompositing": { s, b in s * (1 - b.w) },
        "CISourceOverCompositing": { s, b in s + b * (1 - s.w) },
    ]

    /// Renders the filter over the union of the inputs and compares with `oracle` pixel by pixel.
    func check(
        _ name: String, tolerance: Double = 2e-5,
        _ oracle: (SIMD4<Double>, SIMD4<Double>) -> SIMD4<Double>
    ) throws {
        let out = try apply(name, fg, ["inputBackgroundImage": .image(bg)])
        let o = try TestImages.render(out, unionRect)
        let s = try TestImages.render(fg, unionRect), b = try TestImages.render(bg, unionRect)
        func d(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) }
        var worst = 0.0
        for y in 0..<unionRect.height {
            for x in 0..<unionRect.width {
                let want = oracle(d(s[x, y]), d(b[x, y]))
                let diff = d(o[x, y]) - want
                worst = max(worst, max(diff.max(), -diff.min()))
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, name)
    }

    // MARK: Tests

    /// Checks each separable mode against the PDF composite of its blend function, applied
    /// to R, G and B alike; the modes `loose` names are allowed `within` instead of 2e-5.
    func checkSeparable(
        _ modes: [String: (_ cb: Double, _ cs: Double) -> Double], loose: [String], within: Double
    ) throws {
        for (name, b) in modes {
            try check(name, tolerance: loose.contains { name.contains($0) } ? within : 2e-5) { s, d in
                Self.pdfComposite(s, d) { cb, cs in (b(cb.0, cs.0), b(cb.1, cs.1), b(cb.2, cs.2)) }
            }
        }
    }

    func testSeparableBlendModesFollowThePDFFormulas() throws {
        XCTAssertEqual(Self.separable.count, 11)
        try checkSeparable(Self.separable, loose: ["Dodge", "Burn"], within: 2e-4)
    }

    func testNonSeparableBlendModesFollowThePDFFormulas() throws {
        XCTAssertEqual(Self.nonSeparable.count, 4)
        for (name, b) in Self.nonSeparable {
            try check(name) { s, d in Self.pdfComposite(s, d, b) }
        }
    }

    func testPorterDuffAndArithmeticComposites() throws {
        for (name, f) in Self.porterDuff { try check(name, tolerance: 1e-6, f) }
    }

    func testBlendModesKnownValues() throws {
        // Opaque 50% gray backdrop under an opaque source: B itself comes out.
        let gray = TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(0.5, 0.5, 0.5, 1) }
        let red = TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(1, 0, 0, 1) }
        func px(_ name: String) throws -> Pixel {
            try TestImages.render(try apply(name, red, ["inputBackgroundImage": .image(gray)]))[0, 0]
        }
        XCTAssertEqual(try px("CIMultiplyBlendMode"), Pixel(0.5, 0, 0, 1))
        XCTAssertEqual(try px("CIScreenBlendMode"), Pixel(1, 0.5, 0.5, 1))
        XCTAssertEqual(try px("CIDifferenceBlendMode"), Pixel(0.5, 0.5, 0.5, 1))
        // Luminosity of pure red (0.3) on gray: a gray of 0.3.
        let lumi = try px("CILuminosityBlendMode")
        XCTAssertEqual(lumi.x, 0.3, accuracy: 1e-6); XCTAssertEqual(lumi.z, 0.3, accuracy: 1e-6)
        // Colour of red at luminosity 0.5: SetLum((1,0,0), 0.5) = (1.2, .2, .2) clipped towards 0.5.
        let c = try px("CIColorBlendMode")
        XCTAssertEqual(c.x, 1, accuracy: 1e-6)
        XCTAssertEqual(c.y, Float(0.5 + (0.2 - 0.5) * 0.5 / 0.7), accuracy: 1e-6)
    }

    func testExtentsPerOperator() throws {
        let union = Rect(0, 0, 40, 30), inter = Rect(20, 10, 10, 14)
        let expected: [String: Rect] = [
            "CIAdditionCompositing": union, "CIMaximumCompositing": union, "CIMinimumCompositing": union,
            "CIMultiplyCompositing": inter, "CISourceAtopCompositing": bgRect.rect,
            "CISourceInCompositing": inter, "CISourceOutCompositing": fgRect.rect, "CISourceOverCompositing": union,
        ]
        for (name, e) in expected {
            XCTAssertEqual(try apply(name, fg, ["inputBackgroundImage": .image(bg)]).extent, e, name)
        }
        for name in Array(Self.separable.keys) + Array(Self.nonSeparable.keys) {
            XCTAssertEqual(try apply(name, fg, ["inputBackgroundImage": .image(bg)]).extent, union, name)
        }
        // Disjoint inputs: "in" has nothing left.
        let far = sample(IRect(100, 100, 4, 4), seed: 3)
        XCTAssertTrue(try apply("CISourceInCompositing", far, ["inputBackgroundImage": .image(bg)]).extent.isEmpty)
    }

    func testOpacityOfCompositesOfOpaqueImages() throws {
        let a = TestImages.random(16, 16, seed: 1, opaque: true), b = TestImages.random(16, 16, seed: 2, opaque: true)
        let clear = TestImages.random(16, 16, seed: 3)
        for name in [
            "CIMultiplyBlendMode", "CIHueBlendMode", "CISourceAtopCompositing", "CISourceInCompositing",
            "CIMinimumCompositing", "CIAdditionCompositing",
        ] {
            XCTAssertTrue(try apply(name, a, ["inputBackgroundImage": .image(b)]).isOpaque, name)
        }
        XCTAssertTrue(try apply("CIScreenBlendMode", clear, ["inputBackgroundImage": .image(b)]).isOpaque)
        XCTAssertFalse(try apply("CISourceAtopCompositing", a, ["inputBackgroundImage": .image(clear)]).isOpaque)
        XCTAssertFalse(try apply("CISourceInCompositing", a, ["inputBackgroundImage": .image(clear)]).isOpaque)
        XCTAssertFalse(try apply("CISourceOutCompositing", a, ["inputBackgroundImage": .image(b)]).isOpaque)
        // A background that does not cover the union leaves transparent corners.
        XCTAssertFalse(try apply("CIScreenBlendMode", fg, ["inputBackgroundImage": .image(a)]).isOpaque)
    }

    func testFusedChainWithTwoCompositesEqualsStepByStep() throws {
        let third = sample(IRect(-5, 3, 25, 30), seed: 41)
        // fg → exposure → soft light over (bg → sepia) → exposure → source atop third → hue blend under fg.
        typealias Step = (String, [String: FilterValue])
        func steps(_ bgImage: Image, _ thirdImage: Image, _ fgImage: Image) -> [Step] {
            [
                ("CIExposureAdjust", ["inputEV": .number(0.4)]),
                ("CISoftLightBlendMode", ["inputBackgroundImage": .image(bgImage)]),
                ("CIExposureAdjust", ["inputEV": .number(-0.3)]),
                ("CISourceAtopCompositing", ["inputBackgroundImage": .image(thirdImage)]),
                ("CIHueBlendMode", ["inputBackgroundImage": .image(fgImage)]),
            ]
        }
        let sepiaBg = try apply("CISepiaTone", bg, ["inputIntensity": .number(0.7)])
        var fused = fg
        for (name, inputs) in steps(sepiaBg, third, fg) { fused = try apply(name, fused, inputs) }
        // The same recipe with every intermediate (and the background chain) materialised.
        let bgDone = Image(SourceNode(try TestImages.render(sepiaBg)))
        var separate = fg
        for (name, inputs) in steps(bgDone, third, fg) {
            separate = Image(SourceNode(try TestImages.render(try apply(name, separate, inputs))))
        }
        XCTAssertEqual(fused.extent, separate.extent)
        try assertClose(fused, separate, rect: IRect(covering: fused.extent), tolerance: 0)
        // Rendering in different tile sizes gives the same pixels (the fused pass is tile-local).
        let small = try TestImages.render(fused, IRect(covering: fused.extent), threads: 1, tile: 7)
        let large = try TestImages.render(fused, IRect(covering: fused.extent), threads: 2, tile: 256)
        XCTAssertEqual(TestImages.maxDifference(small, large), 0)
    }

    func testMissingBackgroundIsAnError() throws {
        XCTAssertThrowsError(try apply("CIMultiplyBlendMode", fg))
        XCTAssertThrowsError(try apply("CISourceInCompositing", fg))
    }
}
