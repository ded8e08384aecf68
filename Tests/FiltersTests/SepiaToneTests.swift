import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CISepiaTone against its model computed in Double, on rows long enough for the
/// eight-pixel vector loop: opaque, translucent and transparent pixels, negative colours and
/// luminances above 1 (where the loop stops and the exact curve takes over) at every offset.
final class SepiaToneTests: FilterTestCase {
    /// ln c = a + b·ln Y + q·ln²Y per channel (the model in SepiaTone's doc comment).
    static let model: [SIMD3<Double>] = [
        SIMD3(0.00226, 0.78332, 0.00070), SIMD3(-0.00450, 1.10159, 0.00659), SIMD3(-0.07840, 1.93696, 0.01803),
    ]

    /// 61×9 pseudo-random pixels; every 13th transparent, every 7th translucent, every 29th
    /// too bright (luminance above 1), every 17th with a negative channel.
    func input() -> Image {
        var seed: UInt32 = 777
        func next() -> Float { seed = seed &* 1_664_525 &+ 1_013_904_223; return Float(seed >> 8) / Float(1 << 24) }
        var i = 0
        return TestImages.make(IRect(0, 0, 61, 9)) { _, _ in
            defer { i += 1 }
            var c = SIMD3<Float>(next(), next(), next())
            if i % 29 == 0 { c *= 1.6 + next() }
            if i % 17 == 0 { c.y = -0.3 * next() }
            let a: Float = i % 13 == 0 ? 0 : i % 7 == 0 ? 0.2 + 0.6 * next() : 1
            return Pixel(c.x * a, c.y * a, c.z * a, a)
        }
    }

    func oracle(_ p: SIMD4<Double>, intensity k: Double) -> SIMD4<Double> {
        guard p.w > 0 else { return p }
        let c = SIMD3(p.x, p.y, p.z) / p.w
        let y = (c * SIMD3(0.2126, 0.7152, 0.0722)).sum()
        let t = SIMD3(
            (0..<3).map { i -> Double in
                let m = Self.model[i], l = log(y)
                return y > 0 ? exp(m.x + l * (m.y + l * m.z)) : 0
            })
        let o = (c + (t - c) * k) * p.w
        return SIMD4(o.x, o.y, o.z, p.w)
    }

    func testToneFollowsTheModelAtEveryOffsetOfTheVectorLoop() throws {
        let src = input(), rect = IRect(0, 0, 61, 9)
        for k in [1.0, 0.35] {
            let out = try TestImages.render(try apply("CISepiaTone", src, ["inputIntensity": .number(k)]), rect)
            let want = try TestImages.render(try mapOracle(src) { self.oracle($0, intensity: k) }, rect)
            for i in 0..<rect.count {
                let p = want.pixels[i], q = out.pixels[i]
                XCTAssertLessThan(TestImages.maxAbs(p - q), 2e-5 * max(1, p.max()), "pixel \(i), intensity \(k)")
            }
        }
        let pixels = try TestImages.render(src, rect).pixels
        let bright = (0..<rect.count).filter { i in
            let p = pixels[i]
            return p.w > 0 && (SIMD3(p.x, p.y, p.z) / p.w * SIMD3(0.2126, 0.7152, 0.0722)).sum() > 1
        }
        XCTAssertGreaterThan(bright.count, 5, "some pixels take the exact curve")
    }

    /// The video variant (`lunette video`'s 8-bit path: polynomials, no
    /// table) stays within 0.05 of an 8-bit sRGB step of the model on every straight
    /// channel, stills' table within 0.01: both far inside the video rule's ±1 code.
    func testVideoVariantStaysWithinAFractionOfAnSRGBStep() throws {
        let src = input(), rect = IRect(0, 0, 61, 9)
        let still = try apply("CISepiaTone", src, ["inputIntensity": .number(1)])
        let node = try XCTUnwrap(still.node as? PointNode)
        let variant = try XCTUnwrap(node.kernel.videoVariant, "CISepiaTone has a video variant")
        let video = try TestImages.render(Image(PointNode([src], variant)), rect)
        let stills = try TestImages.render(still, rect)
        let want = try TestImages.render(try mapOracle(src) { self.oracle($0, intensity: 1) }, rect)
        func srgb(_ v: Float) -> Double { Transfer.linearToSRGB(Double(max(v, 0))) * 255 }
        var worst = (video: 0.0, still: 0.0), differing = 0
        for i in 0..<rect.count where want.pixels[i].w > 0 {
            let a = want.pixels[i].w
            for c in 0..<3 {
                let w = srgb(want.pixels[i][c] / a)
                worst.video = max(worst.video, abs(srgb(video.pixels[i][c] / a) - w))
                worst.still = max(worst.still, abs(srgb(stills.pixels[i][c] / a) - w))
            }
            if video.pixels[i] != stills.pixels[i] { differing += 1 }
        }
        XCTAssertLessThan(worst.video, 0.05)
        XCTAssertLessThan(worst.still, 0.01)
        // Without AVX2 both run the same Swift formula.
        if Convolution.avx2 { XCTAssertGreaterThan(differing, 0, "the variant computes on its own") }
    }
}
