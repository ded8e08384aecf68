import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIAccordionFoldTransition against Apple's model: its extent law, a naive per-pixel
/// reference written here, and values measured on Apple's render (iOS 13.3: a 1000×562
/// source, a 1500×1500 target, time 0.497, 6 folds, bottom height 100, shadow 1).
final class AccordionFoldTransitionTests: FilterTestCase {
    func fold(_ a: Image, _ b: Image, time: Double, _ inputs: [String: FilterValue] = [:]) throws -> Image {
        let all = inputs.merging(["inputTargetImage": .image(b), "inputTime": .number(time)]) { $1 }
        return try apply("CIAccordionFoldTransition", a, all)
    }

    func solid(_ w: Double, _ h: Double, _ c: Color) throws -> Image {
        try apply("CIConstantColorGenerator", nil, ["inputColor": .color(c)]).cropped(to: Rect(0, 0, w, h))
    }

    /// The frame is max(widths) wide and h + τ·Δ high; its centre and bottom move from the
    /// source's to the target's; its left and top edges are rounded to whole pixels.
    func testExtentGrowsFromTheShorterToTheTaller() throws {
        let a = TestImages.random(60, 30, seed: 1, opaque: true), b = TestImages.random(90, 80, seed: 2, opaque: true)
        // Source shorter: τ = 0.4, height 30 + 20, centre 30 + 0.4·15 = 36.
        XCTAssertEqual(try fold(a, b, time: 0.4).extent, Rect(-9, 0, 90, 50))
        // Source taller: τ = 1 − 0.25, height 30 + 37.5, centre 45 − 0.25·15 = 41.25, top 67.5 → 68.
        XCTAssertEqual(try fold(b, a, time: 0.25).extent, Rect(-4, 0.5, 90, 67.5))
        // Apple's render: 1501×1029 of which 1500 × 1028 show, a frame of 1500 × 1028.185.
        let apple = try fold(try solid(1000, 562, Color(1, 0, 0)), try solid(1500, 1500, Color(0, 0, 1)), time: 0.497)
        XCTAssertEqual(apple.extent.width, 1500)
        XCTAssertEqual(apple.extent.height, 562 + 0.497 * 938, accuracy: 1e-9)
        XCTAssertEqual(apple.extent.minX, -126)
        XCTAssertEqual(apple.extent.maxY, 1028)
        // The ends are the inputs themselves.
        XCTAssertEqual(try fold(a, b, time: 0).extent, a.extent)
        XCTAssertEqual(try fold(a, b, time: 1).extent, b.extent)
    }

    /// Reference: frame coordinates (x from the centre, v from the bottom); in the band of
    /// 2n panels above the bottom strip x reads x·(1 + k·d) and rows fold linearly.
    func testMatchesANaiveReference() throws {
        let a = TestImages.random(40, 24, seed: 21, opaque: true), b = TestImages.random(56, 50, seed: 22)
        let pa = try TestImages.render(a), pb = try TestImages.render(b)
        for (sourceIsShort, time) in [(true, 0.4), (false, 0.7)] {
            let inputs: [String: FilterValue] = [
                "inputBottomHeight": .number(5), "inputNumberOfFolds": .number(2), "inputFoldShadowAmount": .number(0.7),
            ]
            let out = sourceIsShort ? try fold(a, b, time: time, inputs) : try fold(b, a, time: time, inputs)
            let tau = sourceIsShort ? time : 1 - time
            let band = tau * 26, height = 24 + band, k = (1 - tau) * 26 / (2 * 96), panel = band / 4
            let centre = sourceIsShort ? 20 + 8 * time : 28 - 8 * time
            let left = (centre - 28).rounded(), bottom = height.rounded() - height
            XCTAssertEqual(out.extent, Rect(left, bottom, 56, height))
            let got = try TestImages.render(out, IRect(Int(left), -1, 56, 36))
            for y in -1..<35 {
                for x in Int(left)..<Int(left) + 56 {
                    let xc = Double(x) + 0.5 - (left + 28), v = Double(y) + 0.5 - bottom
                    var want = Pixel.zero
                    if v >= 0 && v < height {
                        var scale = 1.0, shade = 1.0, ys = v, yt = v
                        if v >= 5 && v < 5 + band {
                            let u = (v - 5) / panel, f = u - u.rounded(.down)
                            scale += k * (Int(u) % 2 == 0 ? f : 1 - f)
                            shade -= 0.7 * (1 - tau) * f
                            ys = 5; yt = 5 + (v - 5) / tau
                        } else if v >= 5 + band {
                            ys = v - band; yt = v + 26 - band
                        }
                        let s = bilinear(pa, 20 + xc * scale, ys), t = bilinear(pb, 28 + xc * scale, yt)
                        let m = s * Float(1 - tau) + t * Float(tau)
                        want = Pixel(m.x * Float(shade), m.y * Float(shade), m.z * Float(shade), m.w)
                    }
                    XCTAssertLessThan(TestImages.maxAbs(got[x, y] - want), 2e-4, "τ \(tau) at \(x),\(y)")
                }
            }
        }
    }

    /// Apple's render at its own sizes, constant colours: the zigzag of both edges and the
    /// shading measured there (PNG row r is row 1027 − r here).
    func testApplesMeasuredValues() throws {
        let t = 0.4969993829727173
        let out = try fold(
            try solid(1000, 562, Color(1, 0, 0)), try solid(1500, 1500, Color(0, 0, 1)), time: t,
            [
                "inputBottomHeight": .number(100), "inputNumberOfFolds": .number(6), "inputFoldShadowAmount": .number(1),
            ])
        // PNG row 578: the target's edge is 22.86 px in, the source's 265.22 px from the left.
        let row = try TestImages.render(out, IRect(-126, 1027 - 578, 400, 1))
        var target = 0.0, source = 200.0
        for i in 0..<60 { target += 1 - min(Double(row[-126 + i, 449].w) / t, 1) }
        for i in 200..<320 { source += 1 - min(max((Double(row[-126 + i, 449].w) - t) / (1 - t), 0), 1) }
        XCTAssertEqual(target, 22.86, accuracy: 0.3)
        XCTAssertEqual(source, 265.22, accuracy: 0.3)
        // Shade of PNG rows 463 and 519 against the flat top (row 300): Apple 0.516 and 0.738.
        func centre(_ r: Int) throws -> Float { try TestImages.render(out, IRect(624, 1027 - r, 1, 1))[624, 1027 - r].z }
        let flat = try centre(300)
        XCTAssertEqual(Double(try centre(463) / flat), 0.516, accuracy: 0.01)
        XCTAssertEqual(Double(try centre(519) / flat), 0.738, accuracy: 0.01)
    }

    /// Bilinear at pixel centres, transparent outside the buffer (Core Image's sampling).
    func bilinear(_ p: PixelBuffer, _ x: Double, _ y: Double) -> Pixel {
        let fx = x - 0.5, fy = y - 0.5, x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
        let ax = Float(fx - Double(x0)), ay = Float(fy - Double(y0))
        func at(_ i: Int, _ j: Int) -> Pixel {
            i >= p.rect.x && i < p.rect.maxX && j >= p.rect.y && j < p.rect.maxY ? p[i, j] : .zero
        }
        let lo = at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax, hi = at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax
        return lo * (1 - ay) + hi * ay
    }
}
