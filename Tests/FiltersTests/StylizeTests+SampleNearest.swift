import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CISampleNearest: later warps read the marked image without interpolation.
final class SampleNearestTests: FilterTestCase {
    func testScaleByFourGivesExactFourByFourBlocks() throws {
        let input = TestImages.random(5, 4, seed: 11)
        let src = try TestImages.render(input)
        let marked = try apply("CISampleNearest", input)
        let out = try apply("CIAffineTransform", marked, ["inputTransform": .transform(Transform.scale(4, 4))])
        XCTAssertEqual(out.extent, Rect(0, 0, 20, 16))
        let got = try TestImages.render(out, tile: 7)
        for y in 0..<16 {
            for x in 0..<20 { XCTAssertEqual(got[x, y], src[x / 4, y / 4], "(\(x), \(y))") }
        }
        // Without the mark the same transform interpolates between the blocks.
        let smooth = try TestImages.render(
            try apply("CIAffineTransform", input, ["inputTransform": .transform(Transform.scale(4, 4))]))
        XCTAssertGreaterThan(TestImages.maxDifference(smooth, got), 0.01)
    }

    func testMarkAloneLeavesPixelsUnchanged() throws {
        let input = TestImages.random(9, 7, seed: 3, origin: (-2, 3))
        let out = try apply("CISampleNearest", input)
        XCTAssertEqual(out.extent, input.extent)
        try assertClose(out, input, rect: IRect(-3, 2, 11, 9), tolerance: 0)
    }

    func testGeneralWarpsSampleTheCellPixel() throws {
        // A rotation by a quarter turn about a non-integer point goes through the per-pixel
        // path: each output pixel is the source pixel its centre's preimage falls in.
        let input = TestImages.random(8, 8, seed: 5)
        let src = try TestImages.render(input)
        let t = Transform(0.8, 0.6, -0.6, 0.8, 3.3, -1.7)
        let out = try TestImages.render(input.samplingNearest().transformed(by: t), IRect(-4, -4, 16, 16))
        let inv = t.inverted()!
        for y in -4..<12 {
            for x in -4..<12 {
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                XCTAssertEqual(out[x, y], src[Int(p.x.rounded(.down)), Int(p.y.rounded(.down))], "(\(x), \(y))")
            }
        }
        // CIPixellate's warp node honours the mark too: each cell is one source pixel.
        let cells = try TestImages.render(
            try apply(
                "CIPixellate", input.samplingNearest(), ["inputScale": .number(4), "inputCenter": .vector(Vector([0, 0]))]))
        XCTAssertEqual(cells[1, 1], src[2, 2])
        XCTAssertEqual(cells[7, 5], src[6, 6])
    }

    func testLaterFilterOrSamplingLinearRestoresInterpolation() throws {
        let input = TestImages.random(6, 6, seed: 8)
        let scale = Transform.scale(3, 3)
        let linear = try TestImages.render(input.transformed(by: scale))
        let back = try TestImages.render(input.samplingNearest().samplingLinear().transformed(by: scale))
        XCTAssertEqual(TestImages.maxDifference(linear, back), 0)
        XCTAssertEqual(input.samplingNearest().samplingNearest().sampling, .nearest)
        XCTAssertEqual(input.samplingLinear().node === input.node, true)
        let inverted = try apply("CIColorInvert", input.samplingNearest())
        XCTAssertEqual(inverted.sampling, .linear, "a filter's output is a new image, sampled linearly")
    }
}
