import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// ClampNode copies each row as three runs (left edge repeated, the box's pixels, right
/// edge repeated): every pixel must equal the input at the nearest point of the box.
final class ClampRowsTests: XCTestCase {
    func testClampMatchesTheNearestBoxPixelEverywhere() throws {
        let box = IRect(2, -3, 9, 5)
        let input = TestImages.random(box.width, box.height, seed: 5, origin: (box.x, box.y))
        let pixels = try TestImages.render(input, box)
        let clamped = input.clampedToExtent()
        // Rects left of, right of, across, inside and around the box.
        for rect in [
            IRect(-9, -8, 6, 4), IRect(14, 3, 5, 3), IRect(-4, -6, 20, 12), IRect(3, -2, 4, 2),
            IRect(0, 0, 3, 7), IRect(10, -5, 1, 9),
        ] {
            let out = try TestImages.render(clamped, rect, threads: 1, tile: 7)
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX {
                    let cx = min(max(x, box.x), box.maxX - 1), cy = min(max(y, box.y), box.maxY - 1)
                    XCTAssertEqual(out[x, y], pixels[cx, cy], "\(rect) at \(x), \(y)")
                }
            }
        }
    }
}
