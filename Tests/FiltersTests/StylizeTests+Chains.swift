import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CILineOverlay, CIComicEffect and CIDepthOfField equal the chains of registered filters
/// they are documented as, built here step by step.
final class StylizeChainTests: FilterTestCase {
    /// A photo-like test image: smooth shapes with hard edges and some noise.
    var scene: Image {
        TestImages.make(IRect(0, 0, 40, 32)) { x, y in
            let inDisc = (x - 15) * (x - 15) + (y - 14) * (y - 14) < 80
            let n = Float((x * 7 + y * 13) % 5) * 0.01
            return inDisc ? Pixel(0.8 + n, 0.3, 0.1, 1) : Pixel(0.1, 0.2 + n, 0.5 + Float(x) / 100, 1)
        }
    }

    func testLineOverlayIsNoiseReductionEdgesAndAThreshold() throws {
        let values: [String: FilterValue] = [
            "inputNRNoiseLevel": .number(0.03), "inputNRSharpness": .number(0.5), "inputEdgeIntensity": .number(2),
            "inputThreshold": .number(0.05), "inputContrast": .number(10),
        ]
        let out = try TestImages.render(try apply("CILineOverlay", scene, values))
        let nr = try apply("CINoiseReduction", scene, ["inputNoiseLevel": .number(0.03), "inputSharpness": .number(0.5)])
        let edges = try TestImages.render(try apply("CIEdges", nr, ["inputIntensity": .number(2)]), IRect(0, 0, 40, 32))
        var worst: Float = 0, lines = 0
        for y in 0..<32 {
            for x in 0..<40 {
                let e = edges[x, y]
                let a = min(max((0.2126 * e.x + 0.7152 * e.y + 0.0722 * e.z - 0.05) * 10, 0), 1)
                worst = max(worst, TestImages.maxAbs(out[x, y] - Pixel(0, 0, 0, a)))
                if a > 0.5 { lines += 1 }
            }
        }
        XCTAssertLessThan(worst, 1e-5)
        XCTAssertGreaterThan(lines, 20, "the disc's outline is drawn")
        XCTAssertLessThan(lines, 400, "the flat areas are not")
    }

    func testComicEffectIsAColourDotScreenUnderTheLineOverlay() throws {
        let input = scene
        let out = try TestImages.render(try apply("CIComicEffect", input))
        let screens = try (0..<3).map { c -> PixelBuffer in
            let channel = try mapOracle(input) { p in SIMD4(p[c], p[c], p[c], p.w) }
            return try TestImages.render(try apply("CIDotScreen", channel, ["inputAngle": .number(ComicEffect.angles[c])]))
        }
        let halftone = PixelBuffer(IRect(0, 0, 40, 32))
        for y in 0..<32 {
            for x in 0..<40 { halftone[x, y] = Pixel(screens[0][x, y].x, screens[1][x, y].x, screens[2][x, y].x, 1) }
        }
        let chain = try apply(
            "CISourceOverCompositing", try apply("CILineOverlay", input),
            ["inputBackgroundImage": .image(Image(SourceNode(halftone)))])
        XCTAssertLessThan(TestImages.maxDifference(out, try TestImages.render(chain, IRect(0, 0, 40, 32))), 1e-5)
        XCTAssertGreaterThan(TestImages.maxDifference(out, halftone), 0.5, "outlines are drawn over the dots")
    }

    func testDepthOfFieldMixesTheSharpAndBlurredChainsByDistanceFromTheLine() throws {
        let input = TestImages.random(40, 30, seed: 17, opaque: true)
        let values: [String: FilterValue] = [
            "inputPoint0": .vector(Vector([0, 15])), "inputPoint1": .vector(Vector([20, 15])), "inputSaturation": .number(1.8),
            "inputUnsharpMaskRadius": .number(1.5), "inputUnsharpMaskIntensity": .number(0.7), "inputRadius": .number(3),
        ]
        let out = try apply("CIDepthOfField", input, values)
        XCTAssertEqual(out.extent, input.extent)
        let got = try TestImages.render(out)
        let sharp = try TestImages.render(
            try apply(
                "CIUnsharpMask", try apply("CIColorControls", input, ["inputSaturation": .number(1.8)]),
                ["inputRadius": .number(1.5), "inputIntensity": .number(0.7)]), IRect(0, 0, 40, 30))
        let blurred = try TestImages.render(
            try apply("CIGaussianBlur", input.clampedToExtent(), ["inputRadius": .number(3)]), IRect(0, 0, 40, 30))
        var worst: Float = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let t = min(abs(Double(y) + 0.5 - 15) / 10, 1), w = Float(t * t * (3 - 2 * t))
                worst = max(worst, TestImages.maxAbs(got[x, y] - (sharp[x, y] + (blurred[x, y] - sharp[x, y]) * w)))
            }
        }
        XCTAssertLessThan(worst, 1e-5)
        let neutral: [String: FilterValue] = [
            "inputSaturation": .number(1), "inputUnsharpMaskIntensity": .number(0), "inputRadius": .number(0),
        ]
        try assertClose(try apply("CIDepthOfField", input, neutral), input, rect: IRect(0, 0, 40, 30), tolerance: 1e-6)
    }
}
