import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// CIBarcodeGenerator: each symbology through its descriptor draws what its own generator
/// draws, and the readable ones round-trip through zbar.
extension BarcodeTests {
    func descriptor(_ json: String) throws -> Image {
        try apply("CIBarcodeGenerator", nil, ["inputBarcodeDescriptor": .string(json)])
    }

    func testBarcodeDescriptorsDelegateToTheirGenerators() throws {
        let cases: [(String, String, [String: FilterValue])] = [
            (#"{"symbology":"QR","message":"hi","correction":"H"}"#, "CIQRCodeGenerator", ["inputCorrectionLevel": .string("H")]),
            (#"{"symbology":"aztec","message":"hi there","layers":5}"#, "CIAztecCodeGenerator", ["inputLayers": .number(5)]),
            (
                #"{"symbology":"PDF417","message":"hi","compactStyle":true}"#, "CIPDF417BarcodeGenerator",
                ["inputCompactStyle": .number(1)]
            ),
            (
                #"{"symbology":"CICode128Descriptor","message":"LUN-42","barcodeHeight":20}"#, "CICode128BarcodeGenerator",
                ["inputBarcodeHeight": .number(20)]
            ),
        ]
        for (json, generator, inputs) in cases {
            var all = inputs
            all["inputMessage"] = .string(json.contains("LUN-42") ? "LUN-42" : json.contains("hi there") ? "hi there" : "hi")
            let want = try apply(generator, nil, all), got = try descriptor(json)
            XCTAssertEqual(got.extent, want.extent, json)
            try assertClose(got, want, rect: IRect(covering: want.extent), tolerance: 0, json)
        }
    }

    func testBarcodeDescriptorsDecode() throws {
        XCTAssertEqual(try zbar(descriptor(#"{"symbology":"QR","message":"hi","correction":"M"}"#)), Array("hi".utf8))
        XCTAssertEqual(
            try zbar(descriptor(#"{"symbology":"Code128","message":"LUN-42"}"#), symbology: "code128", scale: 3),
            Array("LUN-42".utf8))
        // The default descriptor: the generators' sample payload as a QR code.
        XCTAssertEqual(try zbar(apply("CIBarcodeGenerator", nil)), Array("https://example.org".utf8))
    }

    func testBarcodeDescriptorErrorsNameTheField() throws {
        for (json, words) in [
            (#"{"symbology":"DataMatrix","message":"x"}"#, "unknown symbology \"DataMatrix\""),
            (#"{"message":"x"}"#, "needs a symbology"),
            (#"{"symbology":"QR"}"#, "needs a message"),
            (#"{"symbology":"QR","message":"x","colour":"red"}"#, "colour"),
            (#"{"symbology":"QR","message":"x","correction":"Z"}"#, "expected L, M, Q or H"),
            ("not json", "expected a table of fields"),
        ] {
            XCTAssertThrowsError(try descriptor(json), json) { error in
                XCTAssertTrue("\(error)".contains(words), "\(json): \(error)")
            }
        }
    }
}
