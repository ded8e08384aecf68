import Foundation
import PixelCore
import XCTest

@testable import Codecs

/// H.273 code points (PNG cICP, HEIF/AVIF nclx) to profiles: each transfer curve against
/// its published formula, on primaries that leave a gray unchanged.
final class CICPTests: XCTestCase {
    /// The working-space (linear) value of a stored gray `v` under the code points.
    func linear(_ v: Float, primaries: Int, transfer: Int) throws -> Float {
        let profile = try XCTUnwrap(ColorProfile.cicp(primaries: primaries, transfer: transfer, name: "t", what: "nclx"))
        let buffer = PixelBuffer(IRect(0, 0, 1, 1))
        buffer.row(0)[0] = Pixel(v, v, v, 1)
        ColorConversion.toWorking(buffer, from: profile)
        return buffer.row(0)[0].y
    }

    func testTransferCurvesFollowTheirFormulas() throws {
        let v: Float = 0.5
        let bt709 = Float(pow((0.5 + 0.099) / 1.099, 1 / 0.45))
        let srgb = Float(pow((0.5 + 0.055) / 1.055, 2.4))
        for (transfer, expected) in [(8, v), (4, powf(v, 2.2)), (5, powf(v, 2.8)), (1, bt709), (6, bt709), (13, srgb)] {
            // BT.2020 primaries: a neutral gray stays neutral, only the curve acts.
            XCTAssertEqual(try linear(v, primaries: 9, transfer: transfer), expected, accuracy: 2e-3, "transfer \(transfer)")
        }
        XCTAssertEqual(try linear(v, primaries: 1, transfer: 4), powf(v, 2.2), accuracy: 2e-3, "BT.709 primaries, gamma 2.2")
    }

    func testSRGBNeedsNoProfileAndHDRCurvesAreRefused() {
        XCTAssertNil(ColorProfile.cicp(primaries: 1, transfer: 13, name: "t", what: "nclx"), "sRGB: no conversion")
        XCTAssertNil(ColorProfile.cicp(primaries: 9, transfer: 16, name: "t", what: "nclx"), "PQ: warned, read as sRGB")
        XCTAssertNil(ColorProfile.cicp(primaries: 9, transfer: 18, name: "t", what: "nclx"), "HLG: warned, read as sRGB")
        XCTAssertNil(ColorProfile.cicp(primaries: 22, transfer: 13, name: "t", what: "nclx"), "unknown primaries")
        XCTAssertEqual(ColorProfile.cicp(primaries: 12, transfer: 13, name: "t", what: "nclx")?.description, "Display P3")
    }
}
