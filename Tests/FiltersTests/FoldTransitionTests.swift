import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIAccordionFoldTransition, CIPageCurlTransition and CIPageCurlWithShadowTransition: the
/// source at time 0 and the target at time 1 exactly (the geometry: the page curls' in
/// FoldTransitionTests+PageCurl, the accordion's in AccordionFoldTransitionTests).
final class FoldTransitionTests: FilterTestCase {
    static let a = TestImages.random(60, 48, seed: 11, opaque: true)
    static let b = TestImages.random(60, 48, seed: 12, opaque: true)
    let rect = IRect(0, 0, 60, 48)

    func run(_ name: String, time: Double, _ inputs: [String: FilterValue] = [:]) throws -> PixelBuffer {
        let all = inputs.merging(["inputTargetImage": .image(Self.b), "inputTime": .number(time)]) { $1 }
        return try TestImages.render(try apply(name, Self.a, all), rect, threads: 2, tile: 24)
    }

    static let curl: [String: FilterValue] = ["inputExtent": .vector(Vector(0, 0, 60, 48)), "inputRadius": .number(8)]
    static let cases: [(String, [String: FilterValue])] = [
        ("CIAccordionFoldTransition", ["inputBottomHeight": .number(10), "inputFoldShadowAmount": .number(0.5)]),
        ("CIPageCurlTransition", curl.merging(["inputAngle": .number(0.7)]) { $1 }),
        ("CIPageCurlTransition", curl.merging(["inputAngle": .number(-2.5), "inputBacksideImage": .image(b)]) { $1 }),
        ("CIPageCurlWithShadowTransition", curl.merging(["inputAngle": .number(2)]) { $1 }),
        ("CIPageCurlWithShadowTransition", ["inputRadius": .number(5)]),
    ]

    func testEndsAreTheSourceAndTheTarget() throws {
        let sa = try TestImages.render(Self.a, rect), sb = try TestImages.render(Self.b, rect)
        for (name, inputs) in Self.cases {
            XCTAssertEqual(
                TestImages.maxDifference(try run(name, time: 0, inputs), sa), 0, "\(name) \(inputs.keys.sorted()) at 0")
            XCTAssertEqual(
                TestImages.maxDifference(try run(name, time: 1, inputs), sb), 0, "\(name) \(inputs.keys.sorted()) at 1")
            let mid = try run(name, time: 0.5, inputs)
            XCTAssertGreaterThan(TestImages.maxDifference(mid, sa), 0.1, "\(name) moves")
            XCTAssertGreaterThan(TestImages.maxDifference(mid, sb), 0.1, "\(name) is not done at 0.5")
        }
    }
}
