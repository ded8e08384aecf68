import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Facts measured on genuine Core Image renders (issue 23): 8-bit sRGB samples of Apple's
/// output for synthetic inputs, and the structure of its models. The renders themselves
/// stay outside the project; `make fidelity` compares against them when they are present.
final class AppleFidelityTests: FilterTestCase {
    /// One opaque pixel of 8-bit sRGB colour, as a filter input.
    func patch(_ r: Double, _ g: Double, _ b: Double) -> Image {
        let c = [r, g, b].map { Float(Transfer.srgbToLinear($0 / 255)) }
        return TestImages.make(IRect(0, 0, 1, 1)) { _, _ in Pixel(c[0], c[1], c[2], 1) }
    }

    /// The 8-bit sRGB colour of the pixel at (x, y) of an image.
    func srgb8(_ image: Image, _ x: Int = 0, _ y: Int = 0) throws -> [Double] {
        let p = try TestImages.render(image, IRect(x, y, 1, 1))[x, y]
        return [p.x, p.y, p.z].map { (Transfer.linearToSRGB(Double($0 / p.w)) * 255).rounded() }
    }

    func assertLevels(
        _ got: [Double], _ want: [Double], within t: Double, _ what: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for i in 0..<3 {
            XCTAssertEqual(got[i], want[i], accuracy: t, "\(what): \(got) vs Apple's \(want)", file: file, line: line)
        }
    }

    // MARK: CISepiaTone

    func testSepiaMatchesApplesSamples() throws {
        for (input, want) in [
            ([198.0, 198, 198], [209.0, 193, 151]), ([255, 0, 0], [148, 118, 62]), ([255, 255, 255], [255, 254, 246]),
        ] {
            let out = try apply("CISepiaTone", patch(input[0], input[1], input[2]))
            assertLevels(try srgb8(out), want, within: 1, "sepia of \(input)")
        }
    }

    func testSepiaDependsOnLuminanceAlone() throws {
        // Two colours of the same Rec. 709 luminance (linear light) give the same sepia.
        let a = patch(200, 60, 90)
        let y = try TestImages.render(a)[0, 0]
        let lum = Double(0.2126 * y.x + 0.7152 * y.y + 0.0722 * y.z)
        let grey = (Transfer.linearToSRGB(lum) * 255)
        let b = patch(grey, grey, grey)
        let sa = try TestImages.render(try apply("CISepiaTone", a))[0, 0],
            sb = try TestImages.render(try apply("CISepiaTone", b))[0, 0]
        XCTAssertLessThan(TestImages.maxAbs(sa - sb), 1e-4)
    }

    func testSepiaIntensityMixesInLinearLight() throws {
        let input = patch(40, 170, 220)
        let c = try TestImages.render(input)[0, 0], s = try TestImages.render(try apply("CISepiaTone", input))[0, 0]
        let half = try TestImages.render(try apply("CISepiaTone", input, ["inputIntensity": .number(0.5)]))[0, 0]
        XCTAssertLessThan(TestImages.maxAbs(half - (c + s) * 0.5), 1e-5)
    }

    // MARK: CIWhitePointAdjust

    func testWhitePointIsAPerChannelMultiply() throws {
        // Apple, colour #ff56ac: (148, 138, 110) → (148, 43, 71); (172, 190, 244) → (172, 62, 164).
        let color = FilterValue.color(Color(1, 86.0 / 255, 172.0 / 255, 1))
        for (input, want) in [
            ([148.0, 138, 110], [148.0, 43, 71]), ([172, 190, 244], [172, 62, 164]), ([81, 88, 91], [81, 24, 59]),
        ] {
            let out = try apply("CIWhitePointAdjust", patch(input[0], input[1], input[2]), ["inputColor": color])
            assertLevels(try srgb8(out), want, within: 1, "white point of \(input)")
        }
        // No channel mixing: a pure primary stays a pure primary.
        let green = try TestImages.render(try apply("CIWhitePointAdjust", patch(0, 255, 0), ["inputColor": color]))[0, 0]
        XCTAssertEqual(green.x, 0); XCTAssertEqual(green.z, 0)
        XCTAssertEqual(Double(green.y), Transfer.srgbToLinear(86.0 / 255), accuracy: 1e-5)
    }

    // MARK: CIStripesGenerator

    func testStripesPutColor1RightOfTheCentre() throws {
        let c0 = Color(0.333333, 1, 0.541176, 1), c1 = Color(1, 0.654902, 0.313725, 1)
        let out = try apply(
            "CIStripesGenerator", nil,
            [
                "inputCenter": .vector(Vector(0, 0)), "inputWidth": .number(50),
                "inputColor0": .color(c0), "inputColor1": .color(c1),
            ])
        assertLevels(try srgb8(out, 10, 7), [255, 167, 80], within: 0, "x 10: color1")
        assertLevels(try srgb8(out, 60, 7), [85, 255, 138], within: 0, "x 60: color0")
        assertLevels(try srgb8(out, 49, 7), [255, 167, 80], within: 0, "x 49")
        assertLevels(try srgb8(out, 50, 7), [85, 255, 138], within: 0, "x 50")
        assertLevels(try srgb8(out, -10, 7), [85, 255, 138], within: 0, "x -10: color0")
    }
}
