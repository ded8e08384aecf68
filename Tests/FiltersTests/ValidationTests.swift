import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Input validation messages, short keys, defaults and name lookup.
final class ValidationTests: FilterTestCase {
    func message(_ body: () throws -> Void) -> String {
        do { try body() } catch let e as LunetteError { return e.message } catch { return "\(error)" }
        return "no error"
    }

    func testBadValuesNameFilterKeyExpectedAndReceived() throws {
        let f = try Filter(name: "CIGaussianBlur")
        XCTAssertEqual(
            message { try f.set("inputRadius", .number(-3)) },
            "CIGaussianBlur.inputRadius: expected a number ≥ 0, got -3")
        XCTAssertEqual(
            message { try f.set("inputRadius", .string("big")) },
            "CIGaussianBlur.inputRadius: expected a number, got string")
        XCTAssertEqual(
            message { try f.set("inputRadus", .number(1)) },
            "CIGaussianBlur: no input named 'inputRadus' (did you mean 'inputRadius'?)")
        let m = try Filter(name: "CIColorMatrix")
        XCTAssertEqual(
            message { try m.set("inputRVector", .vector(Vector(1, 0, 0))) },
            "CIColorMatrix.inputRVector: expected a Vector of 4 numbers, got Vector of 3")
    }

    func testShortKeysAndDefaults() throws {
        let f = try Filter(name: "CIGaussianBlur")
        try f.set("radius", .number(4))
        XCTAssertEqual(try f.value("inputRadius"), .number(4))
        f.setDefaults()
        XCTAssertEqual(try f.value("radius"), .number(10))
        XCTAssertEqual(message { _ = try f.outputImage() }, "CIGaussianBlur.inputImage: no image set")
    }

    func testNamesAreCaseInsensitiveAndSuggestNearest() throws {
        XCTAssertEqual(try FilterRegistry.shared.descriptor(named: "sepiatone").name, "CISepiaTone")
        XCTAssertEqual(
            message { _ = try Filter(name: "CIGausianBlur") },
            "unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)")
    }
}
