import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The distortion filters against naive per-pixel inverse mappings (polar form, Double), on a
/// crop of a real photo; identity settings, untouched outsides, extents and regions of interest.
final class DistortionTests: WarpTestCase {
    let area = IRect(200, 180, 96, 80)
    let c = (x: 250.0, y: 222.0)

    /// One distortion: its inputs and the naive source position of a destination point.
    struct Case {
        var name: String
        var inputs: [String: FilterValue]
        var source: (Double, Double) -> (Double, Double)?
        /// The largest region of interest a few-pixel render may need.
        var roiLimit = 24.0
        init(
            name: String, inputs: [String: FilterValue], roiLimit: Double = 24,
            source: @escaping (Double, Double) -> (Double, Double)?
        ) {
            self.name = name; self.inputs = inputs; self.roiLimit = roiLimit; self.source = source
        }
    }

    /// Source position by polar coordinates around the centre: radius and angle of the source.
    func polar(_ x: Double, _ y: Double, _ f: (Double, Double) -> (Double, Double)) -> (Double, Double) {
        let d = hypot(x - c.x, y - c.y), phi = atan2(y - c.y, x - c.x)
        let (s, a) = f(d, phi)
        if s == d && a == phi { return (x, y) }
        return (c.x + s * cos(a), c.y + s * sin(a))
    }

    var cases: [Case] {
        let center = FilterValue.vector(Vector(c.x, c.y))
        let r = 34.0
        return [
            Case(
                name: "CITwirlDistortion", inputs: ["inputCenter": center, "inputRadius": .number(r), "inputAngle": .number(2.5)]
            ) { x, y in
                self.polar(x, y) { d, phi in d < r ? (d, phi - 2.5 * pow(1 - d / r, 2)) : (d, phi) }
            },
            Case(
                name: "CIVortexDistortion",
                inputs: ["inputCenter": center, "inputRadius": .number(r), "inputAngle": .number(-9)],
                roiLimit: 72
            ) { x, y in
                self.polar(x, y) { d, phi in d < r ? (d, phi + 9 * pow(1 - d * d / (r * r), 2)) : (d, phi) }
            },
            Case(
                name: "CILightTunnel", inputs: ["inputCenter": center, "inputRadius": .number(r), "inputRotation": .number(0.7)],
                roiLimit: 72
            ) { x, y in
                // The disc turned by the rotation; outside, the rim streams out in spirals.
                self.polar(x, y) { d, phi in d <= r ? (d, phi - 0.7) : (r, phi - 0.7 * (1 + log(d / r))) }
            },
            Case(
                name: "CIPinchDistortion", inputs: ["inputCenter": center, "inputRadius": .number(r), "inputScale": .number(0.8)]
            ) { x, y in
                self.polar(x, y) { d, phi in d < r ? (r * pow(d / r, 1 / 1.8), phi) : (d, phi) }
            },
            Case(
                name: "CIBumpDistortion", inputs: ["inputCenter": center, "inputRadius": .number(r), "inputScale": .number(0.6)]
            ) { x, y in
                self.polar(x, y) { d, phi in d < r ? (d * (1 - 0.6 * pow(1 - d * d / (r * r), 2)), phi) : (d, phi) }
            },
            Case(
                name: "CIBumpDistortion", inputs: ["inputCenter": center, "inputRadius": .number(r), "inputScale": .number(-0.9)]
            ) { x, y in
                self.polar(x, y) { d, phi in d < r ? (d * (1 + 0.9 * pow(1 - d * d / (r * r), 2)), phi) : (d, phi) }
            },
            // Beyond scale 1 the bump folds through the centre (sources on the opposite side).
            Case(
                name: "CIBumpDistortion", inputs: ["inputCenter": center, "inputRadius": .number(r), "inputScale": .number(2.5)],
                roiLimit: 100
            ) { x, y in
                self.polar(x, y) { d, phi in d < r ? (d * (1 - 2.5 * pow(1 - d * d / (r * r), 2)), phi) : (d, phi) }
            },
            Case(name: "CIHoleDistortion", inputs: ["inputCenter": center, "inputRadius": .number(12)]) { x, y in
                let d = hypot(x - self.c.x, y - self.c.y)
                if d < 12 { return nil }
                return self.polar(x, y) { d, phi in ((d * d - 144).squareRoot(), phi) }
            },
            Case(name: "CICircleSplashDistortion", inputs: ["inputCenter": center, "inputRadius": .number(20)]) { x, y in
                self.polar(x, y) { d, phi in d < 20 ? (d, phi) : (20, phi) }
            },
            Case(
                name: "CIBumpDistortionLinear",
                inputs: [
                    "inputCenter": center, "inputRadius": .number(25), "inputAngle": .number(0.6),
                    "inputScale": .number(0.7),
                ]
            ) { x, y in
                // Coordinates along (a) and across (b) the axis.
                let dx = x - self.c.x, dy = y - self.c.y
                let a = dx * cos(0.6) + dy * sin(0.6), b = -dx * sin(0.6) + dy * cos(0.6)
                if abs(b) >= 25 { return (x, y) }
                let b2 = b * (1 - 0.7 * pow(1 - b * b / 625, 2))
                return (self.c.x + a * cos(0.6) - b2 * sin(0.6), self.c.y + a * sin(0.6) + b2 * cos(0.6))
            },
        ]
    }

    func testEachDistortionMatchesANaiveInverseMapping() throws {
        let (input, src) = try photo(area)
        for k in cases {
            let out = try apply(k.name, input, k.inputs)
            // Small tiles: every tile is rendered from its own region of interest.
            let got = try TestImages.render(out, area, threads: 2, tile: 16)
            let err = worstError(got) { x, y in k.source(x, y).map { self.bilinear(src, $0.0, $0.1) } }
            XCTAssertLessThan(err, 2e-5, "\(k.name) \(k.inputs)")
        }
    }

    func testEffectIsVisibleAndOutsideIsUntouched() throws {
        let (input, src) = try photo(area)
        for k in cases {
            let got = try TestImages.render(try apply(k.name, input, k.inputs), area)
            var changed = 0, untouched = 0
            for y in area.y..<area.maxY {
                for x in area.x..<area.maxX {
                    let px = Double(x) + 0.5, py = Double(y) + 0.5
                    guard let s = k.source(px, py), s == (px, py) else {
                        if TestImages.maxAbs(got[x, y] - src[x, y]) > 1e-3 { changed += 1 }
                        continue
                    }
                    XCTAssertEqual(got[x, y], src[x, y], "\(k.name) at (\(x), \(y)) lies outside the effect")
                    untouched += 1
                }
            }
            XCTAssertGreaterThan(changed, 200, "\(k.name) changes the inside")
            XCTAssertGreaterThan(untouched, ["CIHoleDistortion", "CILightTunnel"].contains(k.name) ? -1 : 200, k.name)
        }
    }

    func testIdentitySettingsLeaveTheImageUnchanged() throws {
        let (input, src) = try photo(area)
        let center = FilterValue.vector(Vector(c.x, c.y))
        // Each filter with the one input that makes it the identity (the others at their defaults).
        let settings: [(String, String, Double)] = [
            ("CIBumpDistortion", "inputScale", 0), ("CIBumpDistortion", "inputRadius", 0),
            ("CIBumpDistortionLinear", "inputRadius", 0), ("CIBumpDistortionLinear", "inputScale", 0),
            ("CIPinchDistortion", "inputScale", 0), ("CIPinchDistortion", "inputRadius", 0),
            ("CITwirlDistortion", "inputAngle", 0), ("CITwirlDistortion", "inputRadius", 0),
            ("CIVortexDistortion", "inputAngle", 0), ("CIVortexDistortion", "inputRadius", 0),
            ("CILightTunnel", "inputRadius", 0), ("CICircleSplashDistortion", "inputRadius", 1000),
        ]
        for (name, key, value) in settings {
            let inputs: [String: FilterValue] = ["inputCenter": center, key: .number(value)]
            let got = try TestImages.render(try apply(name, input, inputs), area)
            XCTAssertEqual(TestImages.maxDifference(got, src), 0, "\(name) \(inputs)")
        }
        // The catalogue's identity for the hole (radius 0.1) moves pixels by under 0.01 px.
        let hole = try TestImages.render(
            try apply("CIHoleDistortion", input, ["inputCenter": center, "inputRadius": .number(0.1)]), area)
        XCTAssertLessThan(TestImages.maxDifference(hole, src), 0.01)
    }

    func testDistortionsKeepTheInputExtent() throws {
        let (input, _) = try photo(area)
        for k in cases {
            XCTAssertEqual(try apply(k.name, input, k.inputs).extent, area.rect, k.name)
        }
        for name in [
            "CIBumpDistortion", "CIBumpDistortionLinear", "CICircleSplashDistortion", "CIHoleDistortion",
            "CILightTunnel", "CIPinchDistortion", "CITwirlDistortion", "CIVortexDistortion",
        ] {
            XCTAssertEqual(try apply(name, input).extent, area.rect, "\(name) at its defaults")
        }
    }

    func testASmallRenderReadsABoundedRegionThatHoldsItsSources() throws {
        let (input, _) = try photo(area)
        // Rects inside the effect zone but away from the centre, and one outside it.
        let probes = [IRect(270, 220, 4, 4), IRect(244, 236, 3, 3), IRect(226, 206, 5, 2), IRect(201, 181, 4, 4)]
        for k in cases {
            let out = try apply(k.name, input, k.inputs)
            for rect in probes {
                let region = roi(out, rect)
                var sources = 0
                for y in rect.y..<rect.maxY {
                    for x in rect.x..<rect.maxX {
                        guard let s = k.source(Double(x) + 0.5, Double(y) + 0.5), area.rect.contains(Point(s.0, s.1)) else {
                            continue
                        }
                        sources += 1
                        XCTAssertTrue(covers(region, s.0, s.1), "\(k.name): ROI \(region) of \(rect) misses source \(s)")
                    }
                }
                XCTAssertGreaterThan(sources, 0)
                // A handful of pixels never needs more than a small neighbourhood (the vortex and
                // tunnel turn fast, so their sources spread further along the ring).
                XCTAssertLessThanOrEqual(region.width, k.roiLimit, "\(k.name) ROI of \(rect): \(region)")
                XCTAssertLessThanOrEqual(region.height, k.roiLimit, "\(k.name) ROI of \(rect): \(region)")
            }
            // Outside the zone (the far corner of the crop), the region is the rect plus the bilinear margin
            // (not for those that sample the rim there).
            if !["CIHoleDistortion", "CICircleSplashDistortion", "CILightTunnel"].contains(k.name) {
                let corner = roi(out, IRect(201, 181, 4, 4))
                XCTAssertLessThanOrEqual(corner.width, 7, k.name)
            }
        }
    }

    func testNonFiniteCentreIsAnError() throws {
        let (input, _) = try photo(area)
        XCTAssertThrowsError(try apply("CITwirlDistortion", input, ["inputCenter": .vector(Vector(.infinity, 3))]))
    }
}
