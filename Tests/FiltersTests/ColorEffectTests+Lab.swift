import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIConvertRGBtoLab, CIConvertLabToRGB and CILabDeltaE against scikit-image's values
/// (computed once into Tests/Fixtures/lab/lab.json by gen_lab.py), and the round trip.
extension ColorEffectTests {
    struct LabFixture { let srgb, lab, srgb2: [[Double]]; let deltaE94: [Double] }

    func labFixture() throws -> LabFixture {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("lab/lab.json")))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func rows(_ key: String) throws -> [[Double]] {
            try XCTUnwrap(json[key] as? [[NSNumber]]).map { $0.map(\.doubleValue) }
        }
        return LabFixture(
            srgb: try rows("srgb"), lab: try rows("lab"), srgb2: try rows("srgb2"),
            deltaE94: try XCTUnwrap(json["deltaE94"] as? [NSNumber]).map(\.doubleValue))
    }

    /// One row of pixels holding the sRGB-encoded colours, decoded to linear light (exact sRGB curve).
    func linearRow(_ colours: [[Double]], alpha: Float = 1) -> Image {
        func decode(_ v: Double) -> Float { Float(v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)) }
        return TestImages.make(IRect(0, 0, colours.count, 1)) { x, _ in
            let c = colours[x]
            return Pixel(decode(c[0]) * alpha, decode(c[1]) * alpha, decode(c[2]) * alpha, alpha)
        }
    }

    func testRGBtoLabMatchesScikitImage() throws {
        let fx = try labFixture()
        let n = fx.srgb.count
        let raw = try TestImages.render(apply("CIConvertRGBtoLab", linearRow(fx.srgb)))
        let packed = try TestImages.render(apply("CIConvertRGBtoLab", linearRow(fx.srgb), ["inputNormalize": .number(1)]))
        for i in 0..<n {
            let want = fx.lab[i]
            XCTAssertEqual(Double(raw[i, 0].x), want[0], accuracy: 0.02, "L of \(fx.srgb[i])")
            XCTAssertEqual(Double(raw[i, 0].y), want[1], accuracy: 0.05, "a of \(fx.srgb[i])")
            XCTAssertEqual(Double(raw[i, 0].z), want[2], accuracy: 0.05, "b of \(fx.srgb[i])")
            XCTAssertEqual(Double(packed[i, 0].x), want[0] / 100, accuracy: 2e-4)
            XCTAssertEqual(Double(packed[i, 0].y), want[1] / 256 + 0.5, accuracy: 2e-4)
            XCTAssertEqual(raw[i, 0].w, 1)
        }
    }

    func testLabToRGBInvertsRGBtoLabAndKeepsAlpha() throws {
        let fx = try labFixture()
        for normalize in [0.0, 1.0] {
            let input = linearRow(fx.srgb, alpha: 0.6)
            let lab = try apply("CIConvertRGBtoLab", input, ["inputNormalize": .number(normalize)])
            let back = try apply("CIConvertLabToRGB", lab, ["inputNormalize": .number(normalize)])
            let diff = TestImages.maxDifference(try TestImages.render(back), try TestImages.render(input))
            XCTAssertLessThan(diff, 2e-5, "normalize \(normalize)")
        }
        // Lab from the fixture (white, mid grey, red) back to linear RGB.
        let labs = TestImages.make(IRect(0, 0, 3, 1)) { x, _ in
            let l = fx.lab[[1, 2, 3][x]]
            return Pixel(Float(l[0]), Float(l[1]), Float(l[2]), 1)
        }
        let rgb = try TestImages.render(apply("CIConvertLabToRGB", labs))
        let want = try TestImages.render(linearRow([fx.srgb[1], fx.srgb[2], fx.srgb[3]]))
        XCTAssertLessThan(TestImages.maxDifference(rgb, want), 5e-4)
    }

    func testLabDeltaEMatchesScikitImageCIE94() throws {
        let fx = try labFixture(), de = fx.deltaE94
        let out = try apply("CILabDeltaE", linearRow(fx.srgb), ["inputImage2": .image(linearRow(fx.srgb2))])
        let buf = try TestImages.render(out)
        for i in 0..<fx.srgb.count {
            XCTAssertEqual(Double(buf[i, 0].x), de[i], accuracy: 0.03, "ΔE94 of \(fx.srgb[i]) and \(fx.srgb2[i])")
            XCTAssertEqual(buf[i, 0].x, buf[i, 0].z)
            XCTAssertEqual(buf[i, 0].w, 1)
        }
        // An image compared with itself differs nowhere.
        let same = try TestImages.render(apply("CILabDeltaE", linearRow(fx.srgb), ["inputImage2": .image(linearRow(fx.srgb))]))
        for i in 0..<fx.srgb.count { XCTAssertEqual(same[i, 0].x, 0, accuracy: 1e-4) }
    }
}
