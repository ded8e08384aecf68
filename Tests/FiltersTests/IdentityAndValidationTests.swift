import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Identity values on a real photo, and input validation messages.
final class IdentityAndValidationTests: FilterTestCase {
    func testIdentityValuesLeaveAPhotoUnchanged() throws {
        let raw = try PNGDecoder.decode(try AtomicFile.read(Fixtures.coffee), name: "coffee")
        let photo = raw.image()
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var checked = 0
        for d in FilterRegistry.shared.descriptors {
            let f = Filter(d)
            var hasIdentity = false
            for spec in d.inputs {
                if spec.attributeClass == .image { try f.set(spec.key, .image(photo)); continue }
                if let id = spec.identity { try f.set(spec.key, id); hasIdentity = true }
            }
            guard hasIdentity else { continue }
            let out = try f.outputImage().cropped(to: photo.extent)
            let path = dir.appendingPathComponent(d.name + ".png").path
            try PNGEncoder.write(out, to: path, options: PNGOptions(channels: .rgb))
            let again = try PNGDecoder.decode(try AtomicFile.read(path), name: path)
            var worst = 0
            for i in 0..<again.samples8.count where i % 4 != 3 {
                worst = max(worst, abs(Int(again.samples8[i]) - Int(raw.samples8[i])))
            }
            XCTAssertLessThanOrEqual(worst, 1, d.name)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 8)
    }

    func message(_ body: () throws -> Void) -> String {
        do { try body() } catch let e as LunetteError { return e.message } catch { return "\(error)" }
        return "no error"
    }

    func testBadValuesNameFilterKeyExpectedAndReceived() throws {
        let f = try Filter(name: "CIGaussianBlur")
        XCTAssertEqual(message { try f.set("inputRadius", .number(-3)) },
                       "CIGaussianBlur.inputRadius: expected a number ≥ 0, got -3")
        XCTAssertEqual(message { try f.set("inputRadius", .string("big")) },
                       "CIGaussianBlur.inputRadius: expected a number, got string")
        XCTAssertEqual(message { try f.set("inputRadus", .number(1)) },
                       "CIGaussianBlur: no input named 'inputRadus' (did you mean 'inputRadius'?)")
        let m = try Filter(name: "CIColorMatrix")
        XCTAssertEqual(message { try m.set("inputRVector", .vector(Vector(1, 0, 0))) },
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
        XCTAssertEqual(message { _ = try Filter(name: "CIGausianBlur") },
                       "unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)")
    }
}
