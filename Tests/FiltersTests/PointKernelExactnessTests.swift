import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The colour-matrix kernels run in column form (no horizontal sums); these check that
/// they give exactly the bits of the row-by-row formulas they replaced, including
/// negative, out-of-range and transparent pixels.
final class PointKernelExactnessTests: FilterTestCase {
    /// 64×8 pseudo-random premultiplied pixels, some transparent, some outside 0…1.
    func input() -> Image {
        let buf = PixelBuffer(IRect(0, 0, 64, 8))
        var seed: UInt32 = 12345
        func next() -> Float { seed = seed &* 1_664_525 &+ 1_013_904_223; return Float(seed >> 8) / Float(1 << 24) }
        for i in 0..<buf.rect.count {
            let a = i % 11 == 0 ? 0 : next()
            buf.pixels[i] = Pixel(next() * 1.4 - 0.2, next(), next() * a, a)
        }
        return Image(SourceNode(buf))
    }

    func assertBitIdentical(
        _ out: Image, _ expected: (Pixel) -> Pixel, _ source: Image,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let got = try TestImages.render(out, IRect(0, 0, 64, 8)), src = try TestImages.render(source, IRect(0, 0, 64, 8))
        for i in 0..<src.rect.count {
            let want = expected(src.pixels[i]), have = got.pixels[i]
            for k in 0..<4 where want[k].bitPattern != have[k].bitPattern {
                XCTFail("pixel \(i) lane \(k): \(have[k]) != \(want[k])", file: file, line: line)
                return
            }
        }
    }

    func testColorMatrixMatchesTheRowFormulaBitForBit() throws {
        let r = Pixel(0.9, 0.1, 0.05, 0.01), g = Pixel(0.05, 0.85, 0.05, 0), b = Pixel(-0.1, 0.05, 0.8, 0)
        let a = Pixel(0, 0.2, 0, 0.9), bias = Pixel(0.02, -0.01, 0, 0.05)
        func vec(_ p: Pixel) -> FilterValue { .vector(Vector([Double(p.x), Double(p.y), Double(p.z), Double(p.w)])) }
        let src = input()
        let out = try apply(
            "CIColorMatrix", src,
            [
                "inputRVector": vec(r), "inputGVector": vec(g), "inputBVector": vec(b),
                "inputAVector": vec(a), "inputBiasVector": vec(bias),
            ])
        try assertBitIdentical(
            out,
            { p in
                let u = p.unpremultiplied
                let o = Pixel((u * r).sum(), (u * g).sum(), (u * b).sum(), (u * a).sum()) + bias
                return Pixel(o.x, o.y, o.z, min(max(o.w, 0), 1)).premultiplied
            }, src)
    }

    func testHueAdjustMatchesTheRowFormulaBitForBit() throws {
        let angle = 0.7
        let c = cos(angle), s = sin(angle) / 3.0.squareRoot(), t = (1 - c) / 3
        let r = Pixel(Float(c + t), Float(t - s), Float(t + s), 0)
        let g = Pixel(Float(t + s), Float(c + t), Float(t - s), 0)
        let b = Pixel(Float(t - s), Float(t + s), Float(c + t), 0)
        let src = input()
        let out = try apply("CIHueAdjust", src, ["inputAngle": .number(angle)])
        try assertBitIdentical(out, { p in Pixel((p * r).sum(), (p * g).sum(), (p * b).sum(), p.w) }, src)
    }

    func testExposureScalesColourAndKeepsAlphaBitForBit() throws {
        let k = Float(pow(2, 0.5))
        let src = input()
        let out = try apply("CIExposureAdjust", src, ["inputEV": .number(0.5)])
        try assertBitIdentical(out, { p in Pixel(p.x * k, p.y * k, p.z * k, p.w) }, src)
    }
}
