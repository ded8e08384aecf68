import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Convolutions against a naive 2-D correlation, the mask blends against their formulas,
/// pixellate's cells.
final class StylizeTests: FilterTestCase {
    func clamp01(_ p: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(min(max(p.x, 0), 1), min(max(p.y, 0), 1), min(max(p.z, 0), 1), min(max(p.w, 0), 1))
    }

    func double(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) }

    /// Naive correlation: weights row-major from the top row on screen (highest y).
    func naive(_ src: PixelBuffer, _ w: [Double], columns: Int, rows: Int, bias: Double, at x: Int, _ y: Int) -> SIMD4<Double> {
        var acc = SIMD4<Double>(repeating: bias)
        for r in 0..<rows {
            for c in 0..<columns {
                acc += double(src[x + c - columns / 2, y + rows / 2 - r]) * w[r * columns + c]
            }
        }
        return clamp01(acc)
    }

    func checkConvolution(_ name: String, columns: Int, rows: Int) throws {
        let input = TestImages.random(13, 11, seed: UInt64(columns * 10 + rows))
        let src = try TestImages.render(input)
        // Asymmetric weights: every position distinct, both signs.
        let w = (0..<(columns * rows)).map { i in Double((i * 7) % 11 - 4) / 17 + (i == columns * rows / 2 ? 0.4 : 0) }
        let out = try apply(name, input, ["inputWeights": .vector(Vector(w)), "inputBias": .number(0.03)])
        XCTAssertEqual(
            out.extent,
            Rect(Double(-(columns / 2)), Double(-(rows / 2)), Double(13 + columns / 2 * 2), Double(11 + rows / 2 * 2)), name)
        let got = try TestImages.render(out, tile: 5)
        var worst = 0.0
        for y in got.rect.y..<got.rect.maxY {
            for x in got.rect.x..<got.rect.maxX {
                let d = double(got[x, y]) - naive(src, w, columns: columns, rows: rows, bias: 0.03, at: x, y)
                worst = max(worst, max(d.max(), -d.min()))
            }
        }
        XCTAssertLessThan(worst, 1e-5, name)
    }

    func testConvolution5X5MatchesANaiveCorrelation() throws { try checkConvolution("CIConvolution5X5", columns: 5, rows: 5) }
    func testConvolution9HorizontalMatchesANaiveCorrelation() throws {
        try checkConvolution("CIConvolution9Horizontal", columns: 9, rows: 1)
    }
    func testConvolution9VerticalMatchesANaiveCorrelation() throws {
        try checkConvolution("CIConvolution9Vertical", columns: 1, rows: 9)
    }

    func testFirstWeightReadsTopLeftLeftmostTopmost() throws {
        let input = TestImages.random(12, 12, seed: 4, opaque: true)
        let src = try TestImages.render(input)
        var w25 = [Double](repeating: 0, count: 25); w25[0] = 1
        let five = try TestImages.render(try apply("CIConvolution5X5", input, ["inputWeights": .vector(Vector(w25))]))
        XCTAssertEqual(five[5, 5], src[3, 7], "weight 0 reads (x − 2, y + 2)")
        var w9 = [Double](repeating: 0, count: 9); w9[0] = 1
        let h = try TestImages.render(try apply("CIConvolution9Horizontal", input, ["inputWeights": .vector(Vector(w9))]))
        XCTAssertEqual(h[6, 5], src[2, 5], "weight 0 reads (x − 4, y)")
        let v = try TestImages.render(try apply("CIConvolution9Vertical", input, ["inputWeights": .vector(Vector(w9))]))
        XCTAssertEqual(v[5, 3], src[5, 7], "weight 0 reads (x, y + 4), the topmost on screen")
    }

    func testConvolutionIdentityLeavesPixelsUnchanged() throws {
        let input = TestImages.random(9, 7, seed: 6)
        for name in ["CIConvolution5X5", "CIConvolution9Horizontal", "CIConvolution9Vertical"] {
            try assertClose(try apply(name, input), input, rect: IRect(-4, -4, 17, 15), tolerance: 0, name)
        }
    }

    func testBlendWithMaskUsesTheGreenChannel() throws {
        let fg = TestImages.random(10, 8, seed: 1), bg = TestImages.random(12, 6, seed: 2, origin: (-1, 1))
        let mask = TestImages.random(7, 7, seed: 3, origin: (2, 0))
        let out = try apply("CIBlendWithMask", fg, ["inputBackgroundImage": .image(bg), "inputMaskImage": .image(mask)])
        XCTAssertEqual(out.extent, Rect(-1, 0, 12, 8))
        let f = try TestImages.render(fg), b = try TestImages.render(bg), m = try TestImages.render(mask)
        let got = try TestImages.render(out)
        for y in 0..<8 {
            for x in -1..<11 {
                let t = Double(m[x, y].y)
                let want = double(b[x, y]) * (1 - t) + double(f[x, y]) * t
                XCTAssertLessThan(
                    TestImages.maxAbs(got[x, y] - Pixel(Float(want.x), Float(want.y), Float(want.z), Float(want.w))), 1e-6)
            }
        }
        XCTAssertEqual(got[0, 7], b[0, 7], "outside the mask: background")
    }

    func testBlendWithAlphaMaskUsesAlpha() throws {
        let fg = TestImages.random(10, 8, seed: 4), bg = TestImages.random(10, 8, seed: 5)
        // Colour channels contradict alpha: only alpha may matter.
        let mask = TestImages.make(IRect(0, 0, 10, 8)) { x, y in
            let a = Float(x + y) / 16
            return Pixel(1 - a, 0, 1 - a, a)
        }
        let out = try apply("CIBlendWithAlphaMask", fg, ["inputBackgroundImage": .image(bg), "inputMaskImage": .image(mask)])
        let f = try TestImages.render(fg), b = try TestImages.render(bg), got = try TestImages.render(out)
        for y in 0..<8 {
            for x in 0..<10 {
                let a = Float(x + y) / 16
                XCTAssertLessThan(TestImages.maxAbs(got[x, y] - (b[x, y] * (1 - a) + f[x, y] * a)), 1e-6)
            }
        }
    }

    func testPixellateCellsAreConstantAndSampleTheirCentre() throws {
        let input = TestImages.random(40, 30, seed: 8)
        let src = try TestImages.render(input)
        let (cx, cy, s) = (3.0, 5.0, 6.0)
        let out = try apply("CIPixellate", input, ["inputCenter": .vector(Vector(cx, cy)), "inputScale": .number(s)])
        XCTAssertEqual(out.extent, input.extent)
        let got = try TestImages.render(out, tile: 7)
        for y in 0..<30 {
            for x in 0..<40 {
                let i = ((Double(x) + 0.5 - cx) / s).rounded(.down), j = ((Double(y) + 0.5 - cy) / s).rounded(.down)
                // Same cell ⇒ same value as the cell's first pixel in the image.
                let x0 = max(0, Int(cx + i * s)), y0 = max(0, Int(cy + j * s))
                XCTAssertEqual(got[x, y], got[x0, y0], "(\(x), \(y))")
                // Interior cells: the centre (an integer corner) is the mean of the four middle pixels.
                let mx = Int(cx + (i + 0.5) * s), my = Int(cy + (j + 0.5) * s)
                if mx >= 1, my >= 1, mx < 40, my < 30 {
                    let want = (src[mx - 1, my - 1] + src[mx, my - 1] + src[mx - 1, my] + src[mx, my]) / 4
                    XCTAssertLessThan(TestImages.maxAbs(got[x, y] - want), 1e-6)
                }
            }
        }
        // Border cells take colour from inside the image: nothing transparent.
        XCTAssertGreaterThan(got[39, 29].w, 0)
        XCTAssertGreaterThan(got[0, 0].w, 0)
    }

    func testPixellateOfScaleOneOnTheGridIsTheImage() throws {
        let input = TestImages.random(9, 9, seed: 2)
        let out = try apply("CIPixellate", input, ["inputCenter": .vector(Vector(0, 0)), "inputScale": .number(1)])
        try assertClose(out, input, rect: IRect(0, 0, 9, 9), tolerance: 0)
    }
}
