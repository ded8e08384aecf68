import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CICircularWrap and CIDroste against naive inverse maps written here (the Droste one in
/// Beddard's β form with a brute-force search for the copy a point falls in).
final class WrapDistortionTests: WarpTestCase {
    func testCircularWrapMatchesItsInverseMap() throws {
        let input = TestImages.random(60, 20, seed: 7, opaque: true, origin: (10, 5))
        let src = try TestImages.render(input)
        let (cx, cy, r, angle) = (100.0, 90.0, 25.0, 0.4)
        let out = try apply(
            "CICircularWrap", input,
            ["inputCenter": .vector(Vector(cx, cy)), "inputRadius": .number(r), "inputAngle": .number(angle)])
        XCTAssertEqual(out.extent, Rect(55, 45, 90, 90))
        let got = try TestImages.render(out, threads: 2, tile: 16)
        var inside = 0
        let err = worstError(got) { x, y in
            let d = hypot(x - cx, y - cy)
            if d < r { inside += 1; return nil }
            let turn = remainder(atan2(y - cy, x - cx) - .pi / 2 - angle, 2 * .pi)
            return self.bilinear(src, 40 - r * turn, 5 + d - r)
        }
        XCTAssertLessThan(err, 2e-5)
        XCTAssertGreaterThan(inside, 1500)
        // The middle column stands where the angle puts the top: opaque there, clear inside the circle.
        let top = (x: Int(cx + (r + 5) * cos(.pi / 2 + angle)), y: Int(cy + (r + 5) * sin(.pi / 2 + angle)))
        XCTAssertEqual(got[top.x, top.y].w, 1, accuracy: 1e-6)
        XCTAssertEqual(got[100, 90], Pixel(0, 0, 0, 0))
        XCTAssertThrowsError(try apply("CICircularWrap", Image.color(Color(1, 0, 0))), "infinite input")
    }

    let area = IRect(200, 170, 120, 90)
    /// The inset is a third of the photo, centred: ρ = 1/3 about (260, 215).
    let inset = Rect(240, 200, 40, 30)

    /// Naive Droste: the log-polar twist in Beddard's form, then the copy (power of ρ) that
    /// holds the point, searched level by level.
    func drosteSource(
        _ x: Double, _ y: Double, strands: Double, periodicity: Double, rotation: Double, zoom: Double
    ) -> (Double, Double)? {
        let c = (x: 260.0, y: 215.0), rho = 1.0 / 3, period = log(3.0)
        let dx = x - c.x, dy = y - c.y
        let wx = (dx * cos(rotation) + dy * sin(rotation)) / zoom, wy = (-dx * sin(rotation) + dy * cos(rotation)) / zoom
        let zr = log(hypot(wx, wy)), zi = atan2(wy, wx)
        // L = ζ · p1 / β with β = cos α · e^{iα}, tan α = (p2 / p1) · ln(1/ρ) / 2π.
        let alpha = atan(strands / periodicity * period / (2 * .pi))
        let br = cos(alpha) * cos(alpha), bi = cos(alpha) * sin(alpha)
        let den = br * br + bi * bi
        let lr = periodicity * (zr * br + zi * bi) / den, li = periodicity * (zi * br - zr * bi) / den
        for n in -60...60 {
            let m = exp(lr + Double(n) * log(rho))
            let px = c.x + m * cos(li), py = c.y + m * sin(li)
            if area.rect.contains(Point(px, py)) && !inset.contains(Point(px, py)) { return (px, py) }
        }
        return nil
    }

    func testDrosteMatchesTheNaiveSpiral() throws {
        let (input, src) = try photo(area)
        let settings: [(Double, Double, Double, Double)] = [(0, 1, 0, 1), (1, 1, 0, 1), (-2, 2, 0.3, 1.4)]
        for (strands, periodicity, rotation, zoom) in settings {
            let out = try apply(
                "CIDroste", input,
                [
                    "inputInsetPoint0": .vector(Vector(240, 200)), "inputInsetPoint1": .vector(Vector(280, 230)),
                    "inputStrands": .number(strands), "inputPeriodicity": .number(periodicity),
                    "inputRotation": .number(rotation), "inputZoom": .number(zoom),
                ])
            XCTAssertEqual(out.extent, area.rect)
            let got = try TestImages.render(out, threads: 2, tile: 16)
            // Points on a copy's edge may round into the neighbouring copy: allow a few.
            var off = 0
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let s = drosteSource(
                        Double(x) + 0.5, Double(y) + 0.5, strands: strands, periodicity: periodicity, rotation: rotation,
                        zoom: zoom)
                    let want = s.map { bilinear(src, $0.0, $0.1) } ?? .zero
                    let d = pixel(got[x, y]) - want
                    if max(d.max(), -d.min()) > 2e-5 { off += 1 }
                }
            }
            XCTAssertLessThan(off, area.count / 200, "strands \(strands) periodicity \(periodicity): \(off) pixels off")
            if strands == 0 {
                // No spiral: outside the inset the photo itself.
                let frame = IRect(200, 170, 120, 25)
                XCTAssertLessThan(worstError(try TestImages.render(out, frame)) { x, y in self.bilinear(src, x, y) }, 1e-4)
            }
        }
    }

    func testDrosteClipsItsInsetToTheImage() throws {
        let (input, src) = try photo(area)
        // An inset with no area inside the image leaves it unchanged; one reaching out is clipped.
        for (p0, p1) in [((240.0, 200.0), (240.0, 230.0)), ((0.0, 0.0), (50.0, 50.0))] {
            let out = try apply(
                "CIDroste", input,
                ["inputInsetPoint0": .vector(Vector(p0.0, p0.1)), "inputInsetPoint1": .vector(Vector(p1.0, p1.1))])
            XCTAssertEqual(TestImages.maxDifference(try TestImages.render(out), src), 0)
        }
        let clipped = try apply(
            "CIDroste", input, ["inputInsetPoint0": .vector(Vector(300, 240)), "inputInsetPoint1": .vector(Vector(400, 400))])
        XCTAssertGreaterThan(TestImages.maxDifference(try TestImages.render(clipped), src), 0.05)
        XCTAssertThrowsError(try apply("CIDroste", Image.color(Color(1, 0, 0))), "infinite input")
    }
}
