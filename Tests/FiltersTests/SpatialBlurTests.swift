import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Motion, zoom, bokeh, masked variable blur and noise reduction against references
/// written here (sums of bilinear samples, the disc mean, Gaussian levels, flat patches).
final class SpatialBlurTests: FilterTestCase {
    func double(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) }

    /// Bilinear sample at a continuous position (pixel centres at +0.5), zero outside.
    func bilinear(_ b: PixelBuffer, _ x: Double, _ y: Double) -> SIMD4<Double> {
        let fx = x - 0.5, fy = y - 0.5, x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let tx = fx - Double(x0), ty = fy - Double(y0)
        return double(b[x0, y0]) * (1 - tx) * (1 - ty) + double(b[x0 + 1, y0]) * tx * (1 - ty)
            + double(b[x0, y0 + 1]) * (1 - tx) * ty + double(b[x0 + 1, y0 + 1]) * tx * ty
    }

    func testMotionBlurIsAGaussianAlongTheAngle() throws {
        let input = TestImages.random(20, 16, seed: 4)
        let src = try TestImages.render(input)
        for (sigma, angle) in [(2.0, 0.0), (3.0, 0.7), (2.5, 3.0), (1.5, -1.9)] {
            let out = try apply("CIMotionBlur", input, ["inputRadius": .number(sigma), "inputAngle": .number(angle)])
            let rect = IRect(-3, -3, 26, 22)
            let got = try TestImages.render(out, rect, tile: 9)
            let reach = Int((3 * sigma).rounded(.up))
            let g = (-reach...reach).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }, total = g.reduce(0, +)
            var worst = 0.0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    var acc = SIMD4<Double>.zero
                    for (i, t) in (-reach...reach).enumerated() {
                        acc +=
                            bilinear(src, Double(x) + 0.5 + Double(t) * cos(angle), Double(y) + 0.5 + Double(t) * sin(angle))
                            * g[i]
                    }
                    let d = double(got[x, y]) - acc / total
                    worst = max(worst, max(d.max(), -d.min()))
                }
            }
            XCTAssertLessThan(worst, 1e-5, "σ \(sigma) angle \(angle)")
        }
    }

    func testZoomBlurAveragesAlongTheRayToTheCentre() throws {
        let input = TestImages.random(24, 18, seed: 6)
        let src = try TestImages.render(input)
        let amount = 12.0, nearest = 1 - amount / 66
        let out = try apply("CIZoomBlur", input, ["inputCenter": .vector(Vector([10, 8])), "inputAmount": .number(amount)])
        // The extent is the input's scaled by 1/nearest about the centre.
        XCTAssertEqual(out.extent.minX, 10 - 10 / nearest, accuracy: 1e-9)
        XCTAssertEqual(out.extent.maxX, 10 + 14 / nearest, accuracy: 1e-9)
        let got = try TestImages.render(out, IRect(-2, -2, 28, 22), tile: 8)
        // A dense line integral (2000 samples): the filter's per-pixel sampling agrees closely.
        var worst = 0.0
        for (x, y) in [(0, 0), (3, 15), (12, 9), (23, 2), (20, 17), (-1, 5), (10, 8)] {
            var acc = SIMD4<Double>.zero
            for k in 0..<2000 {
                let s = 1 - (1 - nearest) * Double(k) / 1999
                acc += bilinear(src, 10 + (Double(x) + 0.5 - 10) * s, 8 + (Double(y) + 0.5 - 8) * s)
            }
            let d = double(got[x, y]) - acc / 2000
            worst = max(worst, max(d.max(), -d.min()))
        }
        XCTAssertLessThan(worst, 0.03)
    }

    func testBokehWithoutRingOrSoftnessIsTheDiscMean() throws {
        let input = TestImages.random(14, 12, seed: 7)
        let bokeh = try apply(
            "CIBokehBlur", input, ["inputRadius": .number(3.5), "inputSoftness": .number(0), "inputRingAmount": .number(0)])
        let disc = try apply("CIDiscBlur", input, ["inputRadius": .number(3.5)])
        try assertClose(bokeh, disc, rect: IRect(-3, -3, 20, 18), tolerance: 2e-6)
        // A ring brightens the rim: a single lit pixel spreads more to the rim than the centre.
        let dot = TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(1, 1, 1, 1) }
        let ring = try TestImages.render(
            try apply(
                "CIBokehBlur", dot,
                [
                    "inputRadius": .number(6), "inputRingAmount": .number(1),
                    "inputRingSize": .number(0.2), "inputSoftness": .number(0.5),
                ]))
        XCTAssertGreaterThan(ring[5, 0].w, 1.5 * ring[0, 0].w)
    }

    func testMaskedVariableBlurFollowsTheMask() throws {
        let input = TestImages.random(30, 20, seed: 12)
        let black = Image.color(Color(0, 0, 0, 1)), white = Image.color(Color(1, 1, 1, 1))
        let sharp = try apply("CIMaskedVariableBlur", input, ["inputMask": .image(black), "inputRadius": .number(4)])
        try assertClose(sharp, input, rect: IRect(0, 0, 30, 20), tolerance: 1e-6)
        let full = try apply("CIMaskedVariableBlur", input, ["inputMask": .image(white), "inputRadius": .number(4)])
        try assertClose(full, input.gaussianBlurred(sigma: 4), rect: IRect(-5, -5, 40, 30), tolerance: 1e-6)
        // Half grey (linear 0.5): halfway between the levels at σ = 2... the level at 2 itself.
        let grey = Image.color(Color(0.735357, 0.735357, 0.735357, 1))  // sRGB of linear 0.5
        let half = try apply("CIMaskedVariableBlur", input, ["inputMask": .image(grey), "inputRadius": .number(4)])
        try assertClose(half, input.gaussianBlurred(sigma: 2), rect: IRect(0, 0, 30, 20), tolerance: 1e-3)
    }

    func testNoiseReductionSmoothsSmallNoiseAndKeepsSteps() throws {
        let noise = TestImages.noise(seed: 3)
        let input = TestImages.make(IRect(0, 0, 32, 16)) { x, _ in
            let v = (x < 16 ? 0.2 : 0.8) + 0.02 * noise()
            return Pixel(v, v, v, 1)
        }
        let out = try apply("CINoiseReduction", input, ["inputNoiseLevel": .number(0.05), "inputSharpness": .number(0)])
        XCTAssertEqual(out.extent, input.extent)
        let a = try TestImages.render(input), b = try TestImages.render(out)
        func spread(_ buf: PixelBuffer) -> Float {
            var lo: Float = 1, hi: Float = 0
            // Away from the clamped border and from the step.
            for y in 3..<13 { for x in 3..<10 { lo = min(lo, buf[x, y].x); hi = max(hi, buf[x, y].x) } }
            return hi - lo
        }
        XCTAssertLessThan(spread(b), 0.6 * spread(a), "noise within the level is smoothed")
        XCTAssertLessThan(abs(b[15, 8].x - a[15, 8].x), 0.02, "the step is not blurred across")
        XCTAssertLessThan(abs(b[16, 8].x - a[16, 8].x), 0.02, "the step is not blurred across")
    }
}
