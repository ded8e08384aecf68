import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIGlassLozenge and CITorusLensDistortion against Snell's law worked out here, radial
/// symmetry and the identity outside the lens; CIDisplacementDistortion and
/// CIGlassDistortion against translations (a constant displacement, a linear height ramp).
final class LensDistortionTests: WarpTestCase {
    let area = IRect(200, 180, 96, 80)

    /// The distance from the lens axis a view ray at distance t lands at, for a half-disc
    /// cross-section of radius r and index n (n ≥ 1 here): incidence α, refraction β.
    func refracted(_ t: Double, _ r: Double, _ n: Double) -> Double {
        let alpha = asin(t / r), beta = asin(sin(alpha) / n)
        return t - (r * r - t * t).squareRoot() * tan(alpha - beta)
    }

    func lozenge(_ p0: (Double, Double), _ p1: (Double, Double), _ r: Double, _ n: Double) -> [String: FilterValue] {
        [
            "inputPoint0": .vector(Vector(p0.0, p0.1)), "inputPoint1": .vector(Vector(p1.0, p1.1)),
            "inputRadius": .number(r), "inputRefraction": .number(n),
        ]
    }

    func torus(_ c: (Double, Double), _ r: Double, _ w: Double, _ n: Double) -> [String: FilterValue] {
        [
            "inputCenter": .vector(Vector(c.0, c.1)), "inputRadius": .number(r), "inputWidth": .number(w),
            "inputRefraction": .number(n),
        ]
    }

    func testLensesMatchSnellsLawAndLeaveTheOutsideUnchanged() throws {
        let (input, src) = try photo(area)
        // Lozenge: the nearest point of the axis segment, then the refracted distance along the same ray.
        let p0 = (225.0, 215.0), p1 = (268.0, 230.0), r = 22.0
        let loz = try TestImages.render(try apply("CIGlassLozenge", input, lozenge(p0, p1, r, 1.7)), threads: 2, tile: 16)
        var outside = 0
        let errL = worstError(loz) { x, y in
            let vx = p1.0 - p0.0, vy = p1.1 - p0.1
            let s = min(max(((x - p0.0) * vx + (y - p0.1) * vy) / (vx * vx + vy * vy), 0), 1)
            let qx = p0.0 + s * vx, qy = p0.1 + s * vy
            let t = hypot(x - qx, y - qy)
            if t >= r { outside += 1; return self.bilinear(src, x, y) }
            let k = t > 0 ? self.refracted(t, r, 1.7) / t : 0  // on the axis: the axis point
            return self.bilinear(src, qx + (x - qx) * k, qy + (y - qy) * k)
        }
        XCTAssertLessThan(errL, 2e-5)
        XCTAssertGreaterThan(outside, 1000)
        // Torus: the ring between radius 36 − 20 and 36, refracted towards its middle circle (26).
        let c = (248.0, 220.0)
        let tor = try TestImages.render(try apply("CITorusLensDistortion", input, torus(c, 36, 20, 2.2)), threads: 2, tile: 16)
        let errT = worstError(tor) { x, y in
            let d = hypot(x - c.0, y - c.1), u = d - 26
            if abs(u) >= 10 { return self.bilinear(src, x, y) }
            let s = 26 + (u < 0 ? -1 : 1) * self.refracted(abs(u), 10, 2.2)
            return self.bilinear(src, c.0 + (x - c.0) * s / d, c.1 + (y - c.1) * s / d)
        }
        XCTAssertLessThan(errT, 2e-5)
        // Pixels outside the lenses are copied exactly.
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where hypot(Double(x) + 0.5 - c.0, Double(y) + 0.5 - c.1) > 37 {
                XCTAssertEqual(tor[x, y], src[x, y])
            }
        }
    }

    func testLensesAreRadiallySymmetric() throws {
        // A pattern symmetric under quarter turns about (248, 220) (a pixel corner), so the
        // outputs must be too: the torus under quarter turns, the lozenge under half turns.
        let cx = 248, cy = 220
        let pattern = TestImages.make(area) { x, y in
            let dx = Double(2 * (x - cx) + 1), dy = Double(2 * (y - cy) + 1)
            let d = (dx * dx + dy * dy).squareRoot()
            return Pixel(
                Float(0.5 + 0.5 * sin(d / 3)), Float(0.5 + 0.5 * cos(d / 5)),
                Float(abs(dx * dy).truncatingRemainder(dividingBy: 7) / 7), 1)
        }
        let tor = try TestImages.render(try apply("CITorusLensDistortion", pattern, torus((248, 220), 34, 18, 1.9)))
        let loz = try TestImages.render(try apply("CIGlassLozenge", pattern, lozenge((236, 214), (260, 226), 15, 2.5)))
        let inner = IRect(cx - 36, cy - 36, 72, 72)
        XCTAssertLessThan(worstPairDifference(tor, inner) { x, y in (cx + (cy - 1 - y), cy + (x - cx)) }, 1e-5)
        XCTAssertLessThan(worstPairDifference(loz, inner) { x, y in (2 * cx - 1 - x, 2 * cy - 1 - y) }, 1e-5)
        // And the lenses change the pattern.
        let flat = try TestImages.render(pattern)
        XCTAssertGreaterThan(TestImages.maxDifference(tor, flat), 0.05)
        XCTAssertGreaterThan(TestImages.maxDifference(loz, flat), 0.05)
    }

    func testIdentitySettingsOfTheLensesLeaveTheImageUnchanged() throws {
        let (input, src) = try photo(area)
        let settings: [(String, [String: FilterValue])] = [
            ("CIGlassLozenge", lozenge((230, 210), (260, 230), 20, 1)),
            ("CIGlassLozenge", lozenge((230, 210), (260, 230), 0, 1.7)),
            ("CITorusLensDistortion", torus((248, 220), 0, 20, 1.7)),
            ("CITorusLensDistortion", torus((248, 220), 30, 0, 1.7)),
            ("CITorusLensDistortion", torus((248, 220), 30, 12, 1)),
        ]
        for (name, inputs) in settings {
            XCTAssertEqual(TestImages.maxDifference(try TestImages.render(try apply(name, input, inputs)), src), 0, name)
        }
    }

    func testConstantDisplacementIsATranslation() throws {
        let (input, src) = try photo(area)
        // R = 0.7, G = 0.3 at scale 40: every pixel reads the input 8 px right and 8 px down.
        let map = TestImages.make(IRect(0, 0, 8, 8)) { _, _ in Pixel(0.7, 0.3, 0.5, 1) }
        let out = try apply(
            "CIDisplacementDistortion", input, ["inputDisplacementImage": .image(map), "inputScale": .number(40)])
        XCTAssertEqual(out.extent, area.rect)
        let got = try TestImages.render(out, threads: 2, tile: 16)
        XCTAssertLessThan(worstError(got) { x, y in self.bilinear(src, x + 8, y - 8) }, 2e-5)
        // A varying map: each pixel by its own offset.
        let ramp = TestImages.make(area) { x, y in Pixel(Float(x - 200) / 96, Float(y - 180) / 80, 0, 1) }
        let varied = try TestImages.render(
            try apply("CIDisplacementDistortion", input, ["inputDisplacementImage": .image(ramp), "inputScale": .number(12)]),
            threads: 2, tile: 16)
        let err = worstError(varied) { x, y in
            let r = Double(Float(Int(x) - 200) / 96), g = Double(Float(Int(y) - 180) / 80)
            return self.bilinear(src, x + 12 * (r - 0.5), y + 12 * (g - 0.5))
        }
        XCTAssertLessThan(err, 2e-5)
        let same = try apply(
            "CIDisplacementDistortion", input, ["inputDisplacementImage": .image(ramp), "inputScale": .number(0)])
        XCTAssertEqual(TestImages.maxDifference(try TestImages.render(same), src), 0)
    }

    func testLinearGlassTextureIsATranslation() throws {
        let (input, src) = try photo(area)
        // Height rises 0.004 per pixel along x and falls 0.002 along y: slope × 1000 = (4, −2) px.
        let tex = IRect(150, 130, 200, 180)
        let ramp = TestImages.make(tex) { x, y in
            let v = Float(0.5 + 0.004 * Double(x - 250) - 0.002 * Double(y - 220))
            return Pixel(v, v, v, 1)
        }
        let out = try apply(
            "CIGlassDistortion", input,
            ["inputTexture": .image(ramp), "inputCenter": .vector(Vector(250, 220)), "inputScale": .number(1000)])
        let got = try TestImages.render(out, threads: 2, tile: 16)
        XCTAssertLessThan(worstError(got) { x, y in self.bilinear(src, x + 4, y - 2) }, 1e-4)
        // Scale 0 and a flat texture change nothing.
        let flat = TestImages.make(tex) { _, _ in Pixel(0.3, 0.3, 0.3, 1) }
        for inputs: [String: FilterValue] in [
            ["inputTexture": .image(ramp), "inputScale": .number(0)], ["inputTexture": .image(flat)],
        ] {
            XCTAssertEqual(TestImages.maxDifference(try TestImages.render(try apply("CIGlassDistortion", input, inputs)), src), 0)
        }
    }
}
