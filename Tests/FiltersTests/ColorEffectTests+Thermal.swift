import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIThermal and CIXRay: luminance ramps, checked at their ends and in between against the
/// stops written here, on straight colour with alpha kept.
extension ColorEffectTests {
    func srgbDecode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }

    /// Greys whose sRGB-encoded value is 0, ¼, ½, ¾ and 1, at alpha 0.5.
    func greyRamp() -> Image {
        TestImages.make(IRect(0, 0, 5, 1)) { x, _ in
            let g = Float(srgbDecode(Double(x) / 4)) * 0.5
            return Pixel(g, g, g, 0.5)
        }
    }

    func checkRamp(_ name: String, _ stops: [[Double]]) throws {
        let out = try TestImages.render(apply(name, greyRamp()))
        for x in 0..<5 {
            let t = Double(x) / 4 * Double(stops.count - 1)
            let i = min(Int(t), stops.count - 2), u = t - Double(i)
            for c in 0..<3 {
                let want = srgbDecode(stops[i][c] + (stops[i + 1][c] - stops[i][c]) * u) * 0.5
                XCTAssertEqual(Double(out[x, 0][c]), want, accuracy: 2e-4, "\(name) at grey \(x)/4, channel \(c)")
            }
            XCTAssertEqual(out[x, 0].w, 0.5, "\(name) keeps alpha")
        }
    }

    func testThermalRunsFromColdBlueToHotRed() throws {
        try checkRamp("CIThermal", [[0, 0, 0.5], [0, 0.4, 1], [0, 0.9, 0.3], [1, 1, 0], [1, 0.5, 0], [1, 0, 0]])
    }

    func testXRayInvertsIntoBlueWhite() throws {
        try checkRamp("CIXRay", [[0.92, 0.96, 1], [0.02, 0.04, 0.12]])
    }
}
