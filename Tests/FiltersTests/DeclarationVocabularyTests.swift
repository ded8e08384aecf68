import Filters
import Foundation
import XCTest

/// The one-line declaration vocabulary (`InputSpec+Compact.swift`, `.discRadius`,
/// `sorted:`, `.fraction`, `InputSpec.corners`, `center:`) stands for exactly the long form
/// it replaces.
final class DeclarationVocabularyTests: XCTestCase {
    /// Every attribute of an input, as text.
    func fields(_ s: InputSpec) -> String {
        let numbers = [s.min, s.max, s.sliderMin, s.sliderMax].map { $0.map { "\($0)" } ?? "-" }
        let texts = [s.key, s.displayName, s.type ?? "-", s.attributeClass.rawValue, s.description]
        return (texts + numbers + [String(describing: s.defaultValue), String(describing: s.identity)]).joined(separator: "|")
    }

    func testOneLineNumberIsTheLongForm() {
        let short = InputSpec.number("inputRingAmount", 0.25, in: 0...1, slider: 0.1...0.9, identity: 0, "How much.")
        let long = InputSpec.number(
            "inputRingAmount", "Ring Amount", default: 0.25, min: 0, max: 1, sliderMin: 0.1, sliderMax: 0.9, identity: 0,
            "How much.")
        XCTAssertEqual(fields(short), fields(long))
        let lower = InputSpec.number(.radius, 10, min: 0, slider: 0...100, "Blur radius.")
        XCTAssertEqual(
            fields(lower), fields(InputSpec.number(.radius, default: 10, min: 0, sliderMin: 0, sliderMax: 100, "Blur radius.")))
        XCTAssertNil(lower.max)
        XCTAssertEqual(InputSpec.number("inputEV", 0, "Stops.").displayName, "EV")
        XCTAssertEqual(InputSpec.number("inputB", 0, "B.").displayName, "B")
        XCTAssertEqual(InputSpec.number("inputBarcodeHeight", 32, "Bars.").displayName, "Barcode Height")
        XCTAssertEqual(InputSpec.number("inputColor0", "Color 1", 0, "Spelled out.").displayName, "Color 1")
    }

    func testDiscRadiusAndSortedCategories() {
        let r = InputSpec.discRadius(300, slider: 0...1000, identity: 0)
        XCTAssertEqual(r.key, "inputRadius")
        XCTAssertEqual(r.min, 0)
        XCTAssertEqual(r.sliderMax, 1000)
        XCTAssertEqual(r.description, "Radius of the affected disc, in pixels.")
        let d = FilterDescriptor(.stylize, "CIX", "X", sorted: Family.laterHDR, "d", inputs: [.image()]) { try $0.image() }
        XCTAssertEqual(
            d.categories,
            ["CICategoryBuiltIn", "CICategoryHighDynamicRange", "CICategoryStillImage", "CICategoryStylize", "CICategoryVideo"])
    }

    func testFractionCornersChannelsAndCentre() {
        XCTAssertEqual(
            fields(InputSpec.fraction("inputCropAmount", 0.25, identity: 0, "Share.")),
            fields(InputSpec.number("inputCropAmount", 0.25, in: 0...1, slider: 0...1, identity: 0, "Share.")))
        XCTAssertEqual(
            fields(InputSpec.fraction(.sharpness, 1, "Edges.")),
            fields(InputSpec.number(.sharpness, 1, in: 0...1, slider: 0...1, "Edges.")))
        let corners = InputSpec.corners { "Where the \($0) corner goes." }
        XCTAssertEqual(corners.map(\.key), ["inputTopLeft", "inputTopRight", "inputBottomRight", "inputBottomLeft"])
        XCTAssertEqual(
            fields(corners[2]),
            fields(
                InputSpec.vector(
                    "inputBottomRight", "Bottom Right", type: "CIAttributeTypePosition", default: [548, 140],
                    "Where the bottom-right corner goes.")))
        XCTAssertEqual(
            InputSpec.channels { name, i in .image("input\(name)\(i)") }.map(\.key),
            ["inputRed0", "inputGreen1", "inputBlue2", "inputAlpha3"])
        let d = FilterDescriptor(.stylize, "CIX", "X", "d", center: "Where.", .number(.radius, 1, "R.")) { try $0.image() }
        XCTAssertEqual(d.inputs.map(\.key), ["inputImage", "inputCenter", "inputRadius"])
        XCTAssertEqual(d.inputs[1].description, "Where.")
    }
}
