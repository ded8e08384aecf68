import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIMeshGenerator's coverage and CILenticularHaloGenerator's rings, symmetry and period.
extension GeneratorTests {
    func mesh(_ segments: [Double], width: Double, color: Color = Color(1, 1, 1, 1)) throws -> Image {
        try apply(
            "CIMeshGenerator", nil,
            ["inputMesh": .vector(Vector(segments)), "inputWidth": .number(width), "inputColor": .color(color)])
    }

    func testMeshCoverageIsTheLineArea() throws {
        // A horizontal line: every column between its ends is covered exactly `width` in total.
        for (width, y0) in [(3.0, 20.0), (2.5, 20.3), (1.0, 19.5)] {
            let out = try mesh([10, y0, 90, y0], width: width)
            let got = try TestImages.render(out, IRect(0, 0, 100, 40))
            for x in 15..<85 {
                var sum: Float = 0
                for y in 0..<40 { sum += got[x, y].w }
                XCTAssertEqual(Double(sum), width, accuracy: 1e-5, "column \(x), width \(width)")
            }
            XCTAssertEqual(got[50, Int(y0)].x, got[50, Int(y0)].w, "white: colour equals alpha")
        }
        // A diagonal: the covered area is length × width plus the round ends' disc.
        let out = try mesh([20, 20, 140, 110], width: 4)
        let got = try TestImages.render(out, IRect(0, 0, 160, 130))
        var area: Float = 0
        for i in 0..<got.rect.count { area += got.pixels[i].w }
        let want = 150.0 * 4 + Double.pi * 4
        XCTAssertEqual(Double(area), want, accuracy: want * 0.01)
        // Two segments sharing an end: overlaps take the nearest segment, never add up.
        let joined = try TestImages.render(try mesh([10, 10, 60, 10, 60, 10, 60, 60], width: 3), IRect(0, 0, 80, 80))
        var peak: Float = 0
        for i in 0..<joined.rect.count { peak = max(peak, joined.pixels[i].w) }
        XCTAssertEqual(peak, 1)
        XCTAssertEqual(joined[60, 10].w, 1)
        XCTAssertEqual(joined[40, 40].w, 0)
        // The colour is premultiplied linear.
        let red = try TestImages.render(try mesh([0, 5, 30, 5], width: 4, color: Color(1, 0, 0, 0.5)), IRect(0, 0, 30, 10))
        XCTAssertEqual(red[15, 5], Pixel(0.5, 0, 0, 0.5))
        XCTAssertEqual(out.extent, Rect(17, 17, 126, 96), "bounds grown by half the width and a pixel")
    }

    func halo(_ inputs: [String: FilterValue]) throws -> PixelBuffer {
        var all: [String: FilterValue] = ["inputCenter": .vector(Vector(100.5, 100.5)), "inputColor": .color(Color(1, 1, 1, 1))]
        all.merge(inputs) { $1 }
        return try TestImages.render(apply("CILenticularHaloGenerator", nil, all), IRect(0, 0, 201, 201))
    }

    func testLenticularHaloRingsSymmetryAndPeriod() throws {
        let plain = try halo([
            "inputStriationStrength": .number(0), "inputHaloRadius": .number(60), "inputHaloWidth": .number(40),
            "inputHaloOverlap": .number(0.5),
        ])
        // Without striations the halo is radially symmetric: a quarter turn maps it onto itself.
        for (x, y) in [(150, 100), (130, 120), (170, 103), (160, 100)] {
            let p = plain[x, y], q = plain[200 - y, x], r = plain[200 - x, 200 - y]
            XCTAssertLessThan(TestImages.maxAbs(p - q), 1e-5, "(\(x), \(y))")
            XCTAssertLessThan(TestImages.maxAbs(p - r), 1e-5, "(\(x), \(y))")
        }
        // Along +x: red peaks farthest out (radius + (1 − overlap)·width/2 = 70), green at 60, blue at 50.
        func peak(_ channel: Int) -> Int { (100..<200).max { plain[$0, 100][channel] < plain[$1, 100][channel] }! - 100 }
        XCTAssertEqual(peak(0), 70)
        XCTAssertEqual(peak(1), 60)
        XCTAssertEqual(peak(2), 50)
        XCTAssertEqual(plain[100 + 95, 100], .zero, "nothing beyond the outer ring")
        XCTAssertEqual(plain[100, 100], .zero, "nothing inside the inner ring")
        // Full overlap: one ring of the colour (grey stays grey).
        let one = try halo(["inputStriationStrength": .number(0), "inputHaloOverlap": .number(1)])
        XCTAssertEqual(one[170, 100].x, one[170, 100].z)
        // Striations break the symmetry, and time has period 1.
        let t0 = try halo(["inputTime": .number(0)]), t1 = try halo(["inputTime": .number(1)])
        let tHalf = try halo(["inputTime": .number(0.5)])
        XCTAssertLessThan(TestImages.maxDifference(t0, t1), 1e-4)
        XCTAssertGreaterThan(TestImages.maxDifference(t0, tHalf), 0.05)
        XCTAssertGreaterThan(TestImages.maxAbs(t0[170, 100] - t0[100, 170]), 0.01)
    }
}
