import Foundation
import PixelCore
import TestSupport
import XCTest

/// Nearest-neighbour upscaling and position-aware point nodes.
final class GeneratorNodeTests: XCTestCase {
    func testScaledNearestRepeatsEachPixelInAKByKBlock() throws {
        let input = TestImages.random(5, 4, seed: 3, origin: (-2, 1))
        let src = try TestImages.render(input)
        for k in [1, 2, 3, 7] {
            let out = try input.scaledNearest(k)
            XCTAssertEqual(out.extent, Rect(Double(-2 * k), Double(k), Double(5 * k), Double(4 * k)), "k = \(k)")
            // Odd tile sizes make tiles start in the middle of a block.
            let got = try TestImages.render(out, threads: 2, tile: 5)
            for y in got.rect.y..<got.rect.maxY {
                for x in got.rect.x..<got.rect.maxX {
                    let sx = Int((Double(x) / Double(k)).rounded(.down)), sy = Int((Double(y) / Double(k)).rounded(.down))
                    XCTAssertEqual(got[x, y], src[sx, sy], "k = \(k) at (\(x), \(y))")
                }
            }
        }
    }

    func testScaledNearestRejectsBadFactorsAndKeepsOpacity() throws {
        let input = TestImages.random(3, 3, seed: 1, opaque: true)
        XCTAssertThrowsError(try input.scaledNearest(0))
        XCTAssertThrowsError(try input.scaledNearest(-2))
        XCTAssertTrue(try input.scaledNearest(4).isOpaque)
        XCTAssertTrue(try Image.color(Color(1, 0, 0, 1)).scaledNearest(3).extent.isInfinite)
    }

    func testPositionalPointNodeSeesPixelCentresAndInputs() throws {
        let a = TestImages.random(6, 5, seed: 4), b = TestImages.random(6, 5, seed: 5, origin: (2, 0))
        let node = PositionalPointNode([a, b]) { x, y, p, q, r in
            XCTAssertEqual(r, .zero)
            return Pixel(Float(x), Float(y), p.x, q.y)
        }
        let out = Image(node)
        XCTAssertEqual(out.extent, Rect(0, 0, 8, 5))
        let got = try TestImages.render(out, threads: 2, tile: 3)
        let pa = try TestImages.render(a, IRect(0, 0, 8, 5)), pb = try TestImages.render(b, IRect(0, 0, 8, 5))
        for y in 0..<5 {
            for x in 0..<8 {
                XCTAssertEqual(got[x, y], Pixel(Float(x) + 0.5, Float(y) + 0.5, pa[x, y].x, pb[x, y].y))
            }
        }
        // Outside the given extent the node is transparent.
        let cut = Image(PositionalPointNode([a], extent: Rect(1, 1, 2, 2)) { _, _, p, _, _ in p })
        let c = try TestImages.render(cut, IRect(0, 0, 6, 5))
        XCTAssertEqual(c[0, 0], .zero)
        XCTAssertEqual(c[1, 1], pa[1, 1])
    }
}
