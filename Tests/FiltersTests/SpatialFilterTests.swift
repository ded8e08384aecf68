import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Blur, convolution and geometry filters against naive reference implementations.
final class SpatialFilterTests: FilterTestCase {
    /// Direct 2-D convolution with an untruncated (6σ) Gaussian, in Double.
    func naiveGaussian(_ src: PixelBuffer, sigma: Double, at x: Int, _ y: Int) -> SIMD4<Double> {
        let r = Int((6 * sigma).rounded(.up))
        var sum = 0.0
        var acc = SIMD4<Double>.zero
        for dy in -r...r {
            for dx in -r...r {
                let w = exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma))
                sum += w
                let p = src[x + dx, y + dy]
                acc += SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * w
            }
        }
        return acc / sum
    }

    func testGaussianBlurIsWithinOneLevelOfATrueGaussian() throws {
        let input = TestImages.random(24, 20, seed: 11)
        let src = try TestImages.render(input)
        for sigma in [0.6, 1.5, 3.0, 7.0] {
            let out = try apply("CIGaussianBlur", input, ["inputRadius": .number(sigma)])
            let reach = Double(Int((3.5 * sigma).rounded(.up)))
            XCTAssertEqual(out.extent, Rect(-reach, -reach, 24 + 2 * reach, 20 + 2 * reach))
            let r = IRect(covering: out.extent)
            let got = try TestImages.render(out, r, threads: 2, tile: 16)
            var worst = 0.0
            for y in stride(from: r.y, to: r.maxY, by: 3) {
                for x in stride(from: r.x, to: r.maxX, by: 3) {
                    let want = naiveGaussian(src, sigma: sigma, at: x, y)
                    let g = got[x, y]
                    let d = SIMD4(Double(g.x), Double(g.y), Double(g.z), Double(g.w)) - want
                    worst = max(worst, max(d.max(), -d.min()))
                }
            }
            XCTAssertLessThan(worst, 1.0 / 255, "σ = \(sigma)")
        }
    }

    func testGaussianBlurOfAConstantIsConstantInside() throws {
        let flat = Image.color(Color(0.2, 0.4, 0.6, 1))
        let out = try apply("CIGaussianBlur", flat, ["inputRadius": .number(5)])
        XCTAssertTrue(out.extent.isInfinite)
        let buf = try TestImages.render(out, IRect(0, 0, 8, 8))
        let want = Transfer.workingPixel(Color(0.2, 0.4, 0.6, 1))
        XCTAssertLessThan(TestImages.maxAbs(buf[3, 3] - want), 1e-5)
    }

    func testConvolutionUsesCoreImageWeightOrder() throws {
        let input = TestImages.random(12, 9, seed: 5)
        let src = try TestImages.render(input)
        let w: [Double] = [0.1, -0.2, 0.3, 0.05, 0.5, 0.15, -0.1, 0.2, 0.25]
        let out = try apply("CIConvolution3X3", input, ["inputWeights": .vector(Vector(w)), "inputBias": .number(0.02)])
        XCTAssertEqual(out.extent, Rect(-1, -1, 14, 11))
        let got = try TestImages.render(out)
        for y in -1..<10 {
            for x in -1..<13 {
                // Row 0 of the weights is the top row on screen: y + 1 in Core Image coordinates.
                var acc = SIMD4<Float>(repeating: 0.02)
                for row in 0..<3 {
                    for col in 0..<3 {
                        acc += src[x + col - 1, y + 1 - row] * Float(w[row * 3 + col])
                    }
                }
                acc = simd_clamp(acc)
                XCTAssertLessThan(TestImages.maxAbs(got[x, y] - acc), 1e-5, "(\(x), \(y))")
            }
        }
    }

    func simd_clamp(_ p: Pixel) -> Pixel {
        Pixel(min(max(p.x, 0), 1), min(max(p.y, 0), 1), min(max(p.z, 0), 1), min(max(p.w, 0), 1))
    }

    func testSingleWeightShiftsTheImageRightAndDown() throws {
        let input = TestImages.random(6, 6, seed: 9, opaque: true)
        let src = try TestImages.render(input)
        let out = try apply("CIConvolution3X3", input, ["inputWeights": .vector(Vector(1, 0, 0, 0, 0, 0, 0, 0, 0))])
        let got = try TestImages.render(out)
        XCTAssertEqual(got[3, 2], src[2, 3], "out(x, y) = in(x − 1, y + 1): content moves right and down on screen")
    }

    func testAffineClampExtendsEdgesForever() throws {
        let input = TestImages.random(5, 4, seed: 2, origin: (10, 20))
        let out = try apply("CIAffineClamp", input)
        XCTAssertTrue(out.extent.isInfinite)
        let src = try TestImages.render(input)
        let got = try TestImages.render(out, IRect(0, 0, 30, 40))
        XCTAssertEqual(got[0, 0], src[10, 20])
        XCTAssertEqual(got[29, 39], src[14, 23])
        XCTAssertEqual(got[12, 5], src[12, 20])
        XCTAssertEqual(got[12, 21], src[12, 21])
    }

    func testCropKeepsPixelsInsideTheRectangle() throws {
        let input = TestImages.random(10, 10, seed: 4)
        let out = try apply("CICrop", input, ["inputRectangle": .vector(Vector(2, 3, 4, 5))])
        XCTAssertEqual(out.extent, Rect(2, 3, 4, 5))
        let src = try TestImages.render(input), got = try TestImages.render(out, IRect(0, 0, 10, 10))
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                XCTAssertEqual(got[x, y], inside ? src[x, y] : .zero)
            }
        }
    }

    func testAffineTransformRotatesAQuarterTurnExactly() throws {
        let input = TestImages.random(7, 5, seed: 8)
        let out = try apply("CIAffineTransform", input, ["inputTransform": .transform(.rotation(.pi / 2))])
        XCTAssertEqual(IRect(covering: out.extent), IRect(-5, 0, 5, 7))
        let src = try TestImages.render(input), got = try TestImages.render(out)
        for y in 0..<7 {
            for x in -5..<0 {
                // (x, y) comes from (y, −x − 1): the inverse quarter turn of the pixel centre.
                XCTAssertLessThan(TestImages.maxAbs(got[x, y] - src[y, -x - 1]), 1e-5)
            }
        }
    }

    func testAffineTransformScalesBilinearly() throws {
        let input = TestImages.random(6, 6, seed: 1)
        let src = try TestImages.render(input)
        let t = Transform.scale(2.5, 1.5).concatenating(.translation(0.3, -0.7))
        let out = try apply("CIAffineTransform", input, ["inputTransform": .transform(t)])
        let got = try TestImages.render(out)
        let inv = t.inverted()!
        for y in got.rect.y..<got.rect.maxY {
            for x in got.rect.x..<got.rect.maxX {
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let fx = p.x - 0.5, fy = p.y - 0.5
                let x0 = Int(floor(fx)), y0 = Int(floor(fy))
                let tx = Float(fx - floor(fx)), ty = Float(fy - floor(fy))
                let want =
                    (src[x0, y0] * (1 - tx) + src[x0 + 1, y0] * tx) * (1 - ty)
                    + (src[x0, y0 + 1] * (1 - tx) + src[x0 + 1, y0 + 1] * tx) * ty
                XCTAssertLessThan(TestImages.maxAbs(got[x, y] - want), 1e-5)
            }
        }
    }
}
