import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The CIPhotoEffect* presets: the documented model (matrix → per-channel monotone curve on
/// sRGB-encoded values) re-derived here in Double, plus properties of each look.
final class PhotoEffectTests: FilterTestCase {
    static let names = ["Chrome", "Fade", "Instant", "Mono", "Noir", "Process", "Tonal", "Transfer"]
        .map { "CIPhotoEffect" + $0 }
    static let monochrome = ["CIPhotoEffectMono", "CIPhotoEffectNoir", "CIPhotoEffectTonal"]
    static let looks: [String: PhotoEffectLook] = [
        "CIPhotoEffectChrome": PhotoEffectChrome.look, "CIPhotoEffectFade": PhotoEffectFade.look,
        "CIPhotoEffectInstant": PhotoEffectInstant.look, "CIPhotoEffectMono": PhotoEffectMono.look,
        "CIPhotoEffectNoir": PhotoEffectNoir.look, "CIPhotoEffectProcess": PhotoEffectProcess.look,
        "CIPhotoEffectTonal": PhotoEffectTonal.look, "CIPhotoEffectTransfer": PhotoEffectTransfer.look,
    ]

    let input = TestImages.random(29, 17, seed: 5)
    var rect: IRect { IRect(0, 0, 29, 17) }

    /// A 160×120 crop of the coffee photo (kept small: debug builds are slow per pixel).
    func photo() throws -> Image { try ImageIO.load(Fixtures.coffee).cropped(to: Rect(220, 120, 160, 120)) }

    /// A monotone piecewise-cubic Hermite curve (Fritsch & Carlson 1980), evaluated directly.
    static func monotone(_ pts: [(Double, Double)], _ x: Double) -> Double {
        if x <= pts[0].0 { return pts[0].1 }
        if x >= pts[pts.count - 1].0 { return pts[pts.count - 1].1 }
        let n = pts.count
        let slopes = (0..<n - 1).map { (pts[$0 + 1].1 - pts[$0].1) / (pts[$0 + 1].0 - pts[$0].0) }
        var tangent = [Double](repeating: 0, count: n)
        tangent[0] = slopes[0]; tangent[n - 1] = slopes[n - 2]
        for k in 1..<(n - 1) where slopes[k - 1] * slopes[k] > 0 { tangent[k] = (slopes[k - 1] + slopes[k]) / 2 }
        for k in 0..<(n - 1) {
            guard slopes[k] != 0 else { tangent[k] = 0; tangent[k + 1] = 0; continue }
            let a = tangent[k] / slopes[k], b = tangent[k + 1] / slopes[k]
            if a * a + b * b > 9 {
                let tau = 3 / (a * a + b * b).squareRoot()
                tangent[k] = tau * a * slopes[k]; tangent[k + 1] = tau * b * slopes[k]
            }
        }
        let k = (0..<(n - 1)).first { x <= pts[$0 + 1].0 }!
        let h = pts[k + 1].0 - pts[k].0, t = (x - pts[k].0) / h
        return pts[k].1 * (1 + 2 * t) * (1 - t) * (1 - t) + tangent[k] * h * t * (1 - t) * (1 - t)
            + pts[k + 1].1 * t * t * (3 - 2 * t) - tangent[k + 1] * h * t * t * (1 - t)
    }

    static func encode(_ v: Double) -> Double { v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055 }
    static func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    /// The model applied to one premultiplied pixel, in Double.
    static func model(_ look: PhotoEffectLook, _ p: SIMD4<Double>, straightIn: SIMD3<Double>) -> SIMD4<Double> {
        guard p.w > 0 else { return p }
        let rows = [look.rows.0, look.rows.1, look.rows.2]
        var out = SIMD4<Double>(0, 0, 0, p.w)
        for ch in 0..<3 {
            let r = rows[ch]
            let m = Double(r.x) * straightIn.x + Double(r.y) * straightIn.y + Double(r.z) * straightIn.z
            let v = decode(monotone(look.curves[ch], encode(min(max(m, 0), 1))))
            out[ch] = v * p.w
        }
        return out
    }

    func testEachLookFollowsItsDocumentedModel() throws {
        for name in Self.names {
            let look = Self.looks[name]!
            let out = try apply(name, input)
            let oracle = try mapOracle(input) { p in Self.model(look, p, straightIn: self.straight(p)) }
            try assertClose(out, oracle, rect: rect, tolerance: 5e-5, name)
        }
    }

    func testMonochromeLooksGiveEqualChannels() throws {
        let opaque = TestImages.random(31, 19, seed: 9, opaque: true)
        for name in Self.monochrome {
            for image in [opaque, input, try photo()] {
                let buf = try TestImages.render(try apply(name, image))
                for i in 0..<buf.rect.count {
                    let p = buf.pixels[i]
                    XCTAssertTrue(p.x == p.y && p.y == p.z, "\(name) pixel \(i): \(p)")
                    if p.x != p.y || p.y != p.z { break }
                }
            }
        }
        for name in Self.names where !Self.monochrome.contains(name) {
            let buf = try TestImages.render(try apply(name, try photo()))
            XCTAssertTrue((0..<buf.rect.count).contains { buf.pixels[$0].x != buf.pixels[$0].z }, name)
        }
    }

    func testDeterministicAlphaPreservingAndVisible() throws {
        let image = try photo()
        let original = try TestImages.render(image)
        for name in Self.names {
            let a = try TestImages.render(try apply(name, image), threads: 1, tile: 50)
            let b = try TestImages.render(try apply(name, image), threads: 2, tile: 256)
            XCTAssertEqual(TestImages.maxDifference(a, b), 0, name)
            var sum = 0.0, alphaOK = true
            for i in 0..<a.rect.count {
                let d = a.pixels[i] - original.pixels[i]
                sum += Double(abs(d.x) + abs(d.y) + abs(d.z)) / 3
                if a.pixels[i].w != original.pixels[i].w { alphaOK = false }
            }
            XCTAssertTrue(alphaOK, name)
            XCTAssertGreaterThan(sum / Double(a.rect.count), 0.01, "\(name) should visibly change the photo")
        }
        // Translucent input keeps its alpha and transparent pixels stay transparent.
        let clear = TestImages.make(IRect(0, 0, 2, 1)) { x, _ in x == 0 ? .zero : Pixel(0.1, 0.2, 0.05, 0.4) }
        for name in Self.names {
            let buf = try TestImages.render(try apply(name, clear))
            XCTAssertEqual(buf[0, 0], .zero, name); XCTAssertEqual(buf[1, 0].w, 0.4, name)
        }
    }

    /// Output of a look for one straight colour (opaque).
    func look(_ name: String, _ r: Float, _ g: Float, _ b: Float, extrapolate: Bool? = nil) throws -> Pixel {
        let img = TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(r, g, b, 1) }
        var inputs: [String: FilterValue] = [:]
        if let extrapolate { inputs["inputExtrapolate"] = .number(extrapolate ? 1 : 0) }
        return try TestImages.render(try apply(name, img, inputs))[0, 0]
    }

    func testCharacterOfEachLook() throws {
        func chroma(_ p: Pixel) -> Float { max(p.x, p.y, p.z) - min(p.x, p.y, p.z) }
        let colour: (Float, Float, Float) = (0.4, 0.15, 0.08)
        let c0 = chroma(Pixel(colour.0, colour.1, colour.2, 1))
        func out(_ n: String) throws -> Pixel { try look(n, colour.0, colour.1, colour.2) }
        XCTAssertGreaterThan(chroma(try out("CIPhotoEffectChrome")), c0, "Chrome boosts colour")
        XCTAssertLessThan(chroma(try out("CIPhotoEffectFade")), c0, "Fade washes colour out")
        // Fade lifts black and dims white.
        XCTAssertGreaterThan(try look("CIPhotoEffectFade", 0, 0, 0).y, 0.005)
        XCTAssertLessThan(try look("CIPhotoEffectFade", 1, 1, 1).y, 0.9)
        // Warm and cool casts on a neutral mid gray.
        let gray: Float = 0.2
        for warm in ["CIPhotoEffectInstant", "CIPhotoEffectTransfer"] {
            let p = try look(warm, gray, gray, gray)
            XCTAssertGreaterThan(p.x, p.z + 0.02, "\(warm) is warm")
        }
        let cool = try look("CIPhotoEffectProcess", gray, gray, gray)
        XCTAssertGreaterThan(cool.z, cool.x + 0.02, "Process is cool")
        XCTAssertGreaterThan(cool.y, cool.x, "Process leans green over red")
        // Contrast between a dark and a light gray: Noir > Tonal > Mono; Tonal close to the input's.
        func contrast(_ n: String) throws -> Float {
            Float(Self.encode(Double(try look(n, 0.6, 0.6, 0.6).x)) - Self.encode(Double(try look(n, 0.03, 0.03, 0.03).x)))
        }
        let original = Float(Self.encode(0.6) - Self.encode(0.03))
        let noir = try contrast("CIPhotoEffectNoir"), tonal = try contrast("CIPhotoEffectTonal")
        let mono = try contrast("CIPhotoEffectMono")
        XCTAssertGreaterThan(noir, tonal + 0.03)
        XCTAssertGreaterThan(tonal, mono + 0.03)
        XCTAssertEqual(tonal, original, accuracy: 0.04)
    }

    func testLooksAreMonotoneOnAGrayRamp() throws {
        for name in Self.names {
            var previous = Pixel(-1, -1, -1, 1)
            for k in 0...64 {
                let v = Float(k) / 64
                let p = try look(name, v, v, v)
                XCTAssertTrue(all(p .>= previous - 1e-6), "\(name) at \(v): \(p) after \(previous)")
                previous = p
            }
        }
    }

    func testExtrapolateContinuesTheCurvesBeyondOne() throws {
        let spec = try Filter(name: "CIPhotoEffectNoir").descriptor.input("inputExtrapolate")!
        XCTAssertNil(spec.defaultValue)
        XCTAssertEqual(spec.type, "CIAttributeTypeBoolean")
        for name in Self.names {
            let atOne = try look(name, 1, 1, 1)
            let clamped = try look(name, 1.5, 1.5, 1.5)
            let unset = try look(name, 1.5, 1.5, 1.5, extrapolate: false)
            let extended = try look(name, 1.5, 1.5, 1.5, extrapolate: true)
            XCTAssertLessThan(TestImages.maxAbs(clamped - atOne), 1e-6, name)
            XCTAssertEqual(unset, clamped, name)
            XCTAssertGreaterThan(extended.x, atOne.x + 0.1, name)
            // Inside 0…1 the flag changes nothing.
            XCTAssertEqual(try look(name, 0.3, 0.5, 0.1, extrapolate: true), try look(name, 0.3, 0.5, 0.1), name)
        }
    }

    func testPhotoEffectFusesInAChain() throws {
        var fused = input, separate = input
        for (name, inputs) in [
            ("CIPhotoEffectChrome", [String: FilterValue]()), ("CIExposureAdjust", ["inputEV": .number(0.2)]),
            ("CIPhotoEffectNoir", [:]),
        ] {
            fused = try apply(name, fused, inputs)
            separate = Image(SourceNode(try TestImages.render(try apply(name, separate, inputs))))
        }
        try assertClose(fused, separate, rect: rect, tolerance: 0)
    }
}
