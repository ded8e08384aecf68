import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CINinePartStretched, CINinePartTiled and CIStretchCrop against naive per-axis maps written
/// here, on a crop of a real photo; corner patches copied unchanged, mirror symmetry,
/// periodicity of the tiles, identity settings.
final class ResizeDistortionTests: WarpTestCase {
    let area = IRect(200, 180, 96, 80)
    let b0 = (x: 230.0, y: 200.0), b1 = (x: 262.0, y: 236.0)

    func ninePart(_ name: String, grow: (Double, Double), _ extra: [String: FilterValue] = [:]) throws -> Image {
        let (input, _) = try photo(area)
        return try apply(
            name, input,
            [
                "inputBreakpoint0": .vector(Vector(b0.x, b0.y)), "inputBreakpoint1": .vector(Vector(b1.x, b1.y)),
                "inputGrowAmount": .vector(Vector(grow.0, grow.1)),
            ].merging(extra) { $1 })
    }

    func testNinePartStretchedMatchesItsInverseMap() throws {
        let (_, src) = try photo(area)
        let out = try ninePart("CINinePartStretched", grow: (30, -12))
        XCTAssertEqual(out.extent, Rect(200, 180, 126, 68))
        let got = try TestImages.render(out, threads: 2, tile: 16)
        // Below the first breakpoint as is, past the grown middle shifted by the growth, the
        // middle stretched linearly from lo…hi + grow onto lo…hi.
        func axis(_ u: Double, _ lo: Double, _ hi: Double, _ g: Double) -> Double {
            u < lo ? u : u >= hi + g ? u - g : lo + (u - lo) / (hi + g - lo) * (hi - lo)
        }
        let err = worstError(got) { x, y in
            self.bilinear(src, axis(x, self.b0.x, self.b1.x, 30), axis(y, self.b0.y, self.b1.y, -12))
        }
        XCTAssertLessThan(err, 2e-5)
    }

    func testNinePartCornersAreCopiedUnchanged() throws {
        let (_, src) = try photo(area)
        for name in ["CINinePartStretched", "CINinePartTiled"] {
            let got = try TestImages.render(try ninePart(name, grow: (40, 24)))
            // The four corner patches, the top and right ones moved by the growth.
            let corners = [
                (IRect(200, 180, 30, 20), 0, 0), (IRect(262, 180, 34, 20), 40, 0),
                (IRect(200, 236, 30, 24), 0, 24), (IRect(262, 236, 34, 24), 40, 24),
            ]
            for (rect, dx, dy) in corners {
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX where got[x + dx, y + dy] != src[x, y] {
                        XCTFail("\(name): corner pixel (\(x), \(y)) changed")
                        return
                    }
                }
            }
        }
    }

    func testNinePartStretchedIsMirrorSymmetric() throws {
        // Mirroring the input and the breakpoints mirrors the output.
        let (_, src) = try photo(area)
        let mirrored = TestImages.make(area) { x, y in src[2 * area.x + area.width - 1 - x, y] }
        let mx0 = Double(2 * area.x + area.width) - b1.x, mx1 = Double(2 * area.x + area.width) - b0.x
        let inputs: [String: FilterValue] = ["inputGrowAmount": .vector(Vector(26, 10))]
        let a = try TestImages.render(try ninePart("CINinePartStretched", grow: (26, 10)))
        let b = try TestImages.render(
            try apply(
                "CINinePartStretched", mirrored,
                inputs.merging([
                    "inputBreakpoint0": .vector(Vector(mx0, b0.y)), "inputBreakpoint1": .vector(Vector(mx1, b1.y)),
                ]) { $1 }))
        let w = area.width + 26
        var worst: Float = 0
        for y in a.rect.y..<a.rect.maxY {
            for x in a.rect.x..<a.rect.maxX { worst = max(worst, TestImages.maxAbs(a[x, y] - b[2 * area.x + w - 1 - x, y])) }
        }
        XCTAssertLessThan(worst, 1e-5)
    }

    func testNinePartTiledRepeatsTheMiddleBand() throws {
        let (_, src) = try photo(area)
        let period = (x: 32, y: 36)
        for flip in [1.0, 0.0] {
            let got = try TestImages.render(try ninePart("CINinePartTiled", grow: (70, 50), ["inputFlipYTiles": .number(flip)]))
            // Periodic across the grown middle band in both directions.
            let band = IRect(230, 200, 102 - period.x, 86 - period.y)
            XCTAssertEqual(worstPairDifference(got, band) { x, y in (x + period.x, y) }, 0)
            XCTAssertEqual(worstPairDifference(got, band) { x, y in (x, y + period.y) }, 0)
            // The first tile starts at the band's left edge; vertically at its top (flipped) or bottom.
            for x in 230..<262 {
                if flip != 0 {
                    XCTAssertEqual(got[x, 285], src[x, 235], "top row of the tiles, flipped")
                } else {
                    XCTAssertEqual(got[x, 200], src[x, 200], "bottom row of the tiles")
                }
            }
        }
    }

    func testZeroGrowthLeavesTheImageUnchangedAndBadBreakpointsFail() throws {
        let (input, src) = try photo(area)
        for name in ["CINinePartStretched", "CINinePartTiled"] {
            XCTAssertEqual(TestImages.maxDifference(try TestImages.render(try ninePart(name, grow: (0, 0))), src), 0)
            XCTAssertThrowsError(
                try apply(
                    name, input, ["inputBreakpoint0": .vector(Vector(260, 240)), "inputBreakpoint1": .vector(Vector(220, 200))]))
            XCTAssertThrowsError(try ninePart(name, grow: (-40, 0)), "grows the middle band below zero")
            XCTAssertThrowsError(try apply(name, Image.color(Color(1, 0, 0))), "infinite input")
        }
    }

    /// Naive CIStretchCrop: the kept part of the input, and a tanh profile on the more stretched axis.
    func stretchCropSource(
        _ x: Double, _ y: Double, size: (Double, Double), crop a: Double, centre c: Double
    ) -> (Double, Double) {
        let e = area.rect
        let s = max(size.0 / e.width, size.1 / e.height)
        let kw = (1 - a) * e.width + a * size.0 / s, kh = (1 - a) * e.height + a * size.1 / s
        let kx = size.0 / kw, ky = size.1 / kh
        let rho = max(kx, ky) / min(kx, ky), m0 = rho / (1 + c * (rho - 1))
        // β with β / tanh β = m0, by bisection.
        var lo = 1e-9, hi = 50.0
        for _ in 0..<200 { let mid = (lo + hi) / 2; if mid / tanh(mid) < m0 { lo = mid } else { hi = mid } }
        let beta = m0 > 1 + 1e-9 ? lo : 0
        func profile(_ u: Double, _ stretched: Bool) -> Double { stretched && beta > 0 ? tanh(beta * u) / tanh(beta) : u }
        let u = (x - e.minX) / size.0 * 2 - 1, v = (y - e.minY) / size.1 * 2 - 1
        return (e.minX + e.width / 2 + profile(u, kx > ky) * kw / 2, e.minY + e.height / 2 + profile(v, ky > kx) * kh / 2)
    }

    func testStretchCropMatchesItsModel() throws {
        let (input, src) = try photo(area)
        for (size, a, c) in [
            ((60.0, 70.0), 1.0, 0.3), ((150.0, 50.0), 0.0, 1.0), ((150.0, 50.0), 0.4, 0.0), ((40.0, 90.0), 0.25, 0.25),
        ] {
            let out = try apply(
                "CIStretchCrop", input,
                [
                    "inputSize": .vector(Vector(size.0, size.1)), "inputCropAmount": .number(a),
                    "inputCenterStretchAmount": .number(c),
                ])
            XCTAssertEqual(out.extent, Rect(200, 180, size.0, size.1))
            let got = try TestImages.render(out, threads: 2, tile: 16)
            let err = worstError(got) { x, y in
                let s = self.stretchCropSource(x, y, size: size, crop: a, centre: c)
                return self.bilinear(src, s.0, s.1)
            }
            XCTAssertLessThan(err, 2e-5, "\(size) crop \(a) centre \(c)")
        }
        // Cropping only is a uniform scale of the centred crop: 60/96 wide needs 70/80 of the height.
        let s = 70.0 / 80.0
        let crop = try TestImages.render(
            try apply("CIStretchCrop", input, ["inputSize": .vector(Vector(60, 70)), "inputCropAmount": .number(1)]))
        XCTAssertLessThan(
            worstError(crop) { x, y in self.bilinear(src, 248 + (x - 230) / s, 220 + (y - 215) / s) }, 2e-5)
    }

    func testStretchCropToTheInputSizeIsTheIdentity() throws {
        let (input, src) = try photo(area)
        let got = try TestImages.render(try apply("CIStretchCrop", input, ["inputSize": .vector(Vector(96, 80))]))
        XCTAssertEqual(TestImages.maxDifference(got, src), 0)
        XCTAssertThrowsError(try apply("CIStretchCrop", input, ["inputSize": .vector(Vector(0, 80))]))
    }
}
