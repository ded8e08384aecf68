import CoreImage
import Foundation
import Lunette
import XCTest

/// CIFilter by name: keys, value coercion, attributes, the catalog, errors, subclasses.
final class FilterAPITests: XCTestCase {
    func testNamesDefaultsAndKeys() throws {
        let f = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        XCTAssertEqual(f.name, "CIGaussianBlur")
        XCTAssertEqual(f.inputKeys, ["inputImage", "inputRadius"])
        XCTAssertEqual(f.outputKeys, ["outputImage"])
        XCTAssertEqual(f.value(forKey: kCIInputRadiusKey) as? NSNumber, 10)
        XCTAssertNil(f.outputImage, "no input image yet")
        XCTAssertNil(CIFilter(name: "CIGausianBlur"))
        let p = try XCTUnwrap(CIFilter(name: "CISepiaTone", parameters: [kCIInputIntensityKey: 0.25]))
        XCTAssertEqual(p.value(forKey: "inputIntensity") as? NSNumber, 0.25)
        p.setValue(0.75, forKey: "intensity")
        XCTAssertEqual((p.value(forKey: kCIInputIntensityKey) as? NSNumber)?.doubleValue, 0.75)
        p.setDefaults()
        XCTAssertEqual(p.value(forKey: kCIInputIntensityKey) as? NSNumber, 1)
    }

    func testNumbersOfEverySwiftTypeAreCoercedThroughNSNumber() throws {
        let f = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        let values: [Any] = [3, UInt(3), Float(3), 3.0, CGFloat(3), NSNumber(value: 3), 3.0 as AnyObject, Int32(3)]
        for v in values {
            f.setValue(v, forKey: kCIInputRadiusKey)
            XCTAssertEqual((f.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 3, "\(type(of: v))")
        }
        let b = try XCTUnwrap(CIFilter(name: "CIColorCubeWithColorSpace"))
        b.setValue(true, forKey: "inputExtrapolate")
        XCTAssertEqual((b.value(forKey: "inputExtrapolate") as? NSNumber)?.boolValue, true)
        b.setValue(CGColorSpace(name: CGColorSpace.sRGB), forKey: "inputColorSpace")
        XCTAssertEqual(b.value(forKey: "inputColorSpace") as? String, "sRGB")
    }

    func testVectorsRectsColoursTransformsStringsAndData() throws {
        let crop = try XCTUnwrap(CIFilter(name: "CICrop"))
        crop.setValue(CGRect(x: 1, y: 2, width: 3, height: 4), forKey: "inputRectangle")
        XCTAssertEqual(
            crop.value(forKey: "inputRectangle") as? CIVector, CIVector(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)))
        let t = try XCTUnwrap(CIFilter(name: "CIAffineTransform"))
        let rot = CGAffineTransform(rotationAngle: .pi / 6).translatedBy(x: 10, y: 0)
        t.setValue(NSValue(cgAffineTransform: rot), forKey: kCIInputTransformKey)
        XCTAssertEqual((t.value(forKey: kCIInputTransformKey) as? NSValue)?.cgAffineTransformValue, rot)
        let c = try XCTUnwrap(CIFilter(name: "CIConstantColorGenerator"))
        c.setValue(CIColor(red: 1, green: 0.5, blue: 0), forKey: kCIInputColorKey)
        XCTAssertEqual(c.value(forKey: kCIInputColorKey) as? CIColor, CIColor(red: 1, green: 0.5, blue: 0))
        let qr = try XCTUnwrap(CIFilter(name: "CIQRCodeGenerator"))
        qr.setValue("hello".data(using: .ascii), forKey: "inputMessage")
        qr.setValue("Q", forKey: "inputCorrectionLevel")
        XCTAssertEqual(qr.value(forKey: "inputMessage") as? Data, Data("hello".utf8))
        XCTAssertEqual(qr.outputImage?.extent.width, qr.outputImage?.extent.height)
        let d = qr.dictionaryWithValues(forKeys: ["inputCorrectionLevel", "nope"])
        XCTAssertEqual(d["inputCorrectionLevel"] as? String, "Q")
        XCTAssert(d["nope"] is NSNull)
    }

    func testRejectedValuesLeaveNoOutputAndSayWhy() throws {
        let f = try XCTUnwrap(CIFilter(name: "CISepiaTone"))
        f.setValue(CI.small, forKey: kCIInputImageKey)
        f.setValue("strong", forKey: kCIInputIntensityKey)
        XCTAssertNil(f.outputImage)
        XCTAssertNotNil(f.lastError)
        f.setValue(0.5, forKey: kCIInputIntensityKey)
        XCTAssertNotNil(f.outputImage)
        f.setValue(42, forKey: "inputNoSuchKey")
        XCTAssertEqual(f.value(forKey: "inputNoSuchKey") as? Int, 42, "kept aside, as a subclass's own key")
        f.setValue(nil, forKey: kCIInputIntensityKey)
        XCTAssertEqual(f.value(forKey: kCIInputIntensityKey) as? NSNumber, 1, "nil restores the default")
    }

    func testAttributesAreCoreImageDictionaries() throws {
        let attrs = try XCTUnwrap(CIFilter(name: "CIGaussianBlur")).attributes
        XCTAssertEqual(attrs[kCIAttributeFilterName] as? String, "CIGaussianBlur")
        XCTAssertEqual(attrs[kCIAttributeFilterDisplayName] as? String, "Gaussian Blur")
        XCTAssert((attrs[kCIAttributeFilterCategories] as? [String])?.contains(kCICategoryBlur) == true)
        let radius = try XCTUnwrap(attrs[kCIInputRadiusKey] as? [String: Any])
        XCTAssertEqual(radius[kCIAttributeClass] as? String, "NSNumber")
        XCTAssertEqual(radius[kCIAttributeType] as? String, kCIAttributeTypeScalar)
        XCTAssertEqual(radius[kCIAttributeDefault] as? NSNumber, 10)
        XCTAssertNotNil(radius[kCIAttributeSliderMax] as? NSNumber)
    }

    func testCatalog() {
        let blurs = CIFilter.filterNames(inCategory: kCICategoryBlur)
        XCTAssert(blurs.contains("CIGaussianBlur") && !blurs.contains("CISepiaTone"))
        XCTAssertEqual(
            CIFilter.filterNames(inCategories: [kCICategoryBlur, kCICategoryBuiltIn]),
            blurs.filter {
                CIFilter(name: $0)?.attributes[kCIAttributeFilterCategories].map {
                    ($0 as? [String])?.contains(kCICategoryBuiltIn) == true
                } == true
            })
        XCTAssertGreaterThan(CIFilter.filterNames(inCategory: nil).count, 120)
        XCTAssertEqual(CIFilter.localizedName(forFilterName: "CISepiaTone"), "Sepia Tone")
        XCTAssertNil(CIFilter.localizedName(forFilterName: "CINope"))
    }

    func testKernelsFailClearly() {
        XCTAssertNil(CIColorKernel(source: "kernel vec4 k(__sample s) { return s.rgba; }"))
        XCTAssertNil(CIKernel(source: "kernel vec4 k() { return vec4(1.0); }"))
        XCTAssertNil(CIWarpKernel(source: "kernel vec2 k() { return destCoord(); }"))
        XCTAssertFalse(CIKernel.unsupportedReason.isEmpty)
    }

    func testLuaPluginsAreFilters() throws {
        let glow = try XCTUnwrap(CIFilter(name: "XSoftGlow"))
        XCTAssertEqual(glow.inputKeys.first, "inputImage")
        glow.setValue(CI.small, forKey: kCIInputImageKey)
        glow.setValue(3, forKey: kCIInputRadiusKey)
        let out = try XCTUnwrap(glow.outputImage)
        let oracle = try CI.lua(CI.small, ["XSoftGlow{radius = 3}"])
        XCTAssertSamePixels(CI.floats(out, CI.small.extent), try CI.floats(oracle, CI.small.extent))
        XCTAssert(CIFilter.filterNames(inCategory: kCICategoryStylize).contains("XSoftGlow"))
    }
}
