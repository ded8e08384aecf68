import CoreImage
import Foundation
import XCTest

/// A CIFilter subclass as Core Image code writes one: its own inputs, `outputImage`
/// overridden from built-in filters, registered by name.
final class TintVignette: CIFilter {
    var inputImage: CIImage?
    var inputAmount: Double = 0.5

    override var outputImage: CIImage? {
        guard let inputImage else { return nil }
        return inputImage.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: inputAmount])
            .applyingFilter("CIVignette", parameters: [kCIInputIntensityKey: 1, kCIInputRadiusKey: 1])
    }

    override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case kCIInputImageKey: inputImage = value as? CIImage
        case "inputAmount": inputAmount = (value as? NSNumber)?.doubleValue ?? 0.5
        default: super.setValue(value, forKey: key)
        }
    }
}

final class TintVignetteConstructor: CIFilterConstructor {
    func filter(withName name: String) -> CIFilter? { TintVignette() }
}

final class SubclassTests: XCTestCase {
    func testSubclassOverridesOutputAndIsRegisteredByName() throws {
        CIFilter.registerName(
            "TintVignette", constructor: TintVignetteConstructor(),
            classAttributes: [
                kCIAttributeFilterDisplayName: "Tint Vignette",
                kCIAttributeFilterCategories: [kCICategoryStylize],
            ])
        let direct = TintVignette()
        direct.inputImage = CI.small
        let named = try XCTUnwrap(CIFilter(name: "TintVignette"))
        named.setValue(CI.small, forKey: kCIInputImageKey)
        named.setValue(0.5, forKey: "inputAmount")
        let a = try XCTUnwrap(direct.outputImage), b = try XCTUnwrap(named.outputImage)
        XCTAssertSamePixels(CI.floats(a, CI.small.extent), CI.floats(b, CI.small.extent))
        XCTAssert(CIFilter.filterNames(inCategory: kCICategoryStylize).contains("TintVignette"))
        XCTAssertEqual(CIFilter.localizedName(forFilterName: "TintVignette"), "Tint Vignette")
        XCTAssertEqual((direct.value(forKey: "inputAmount") as? Double), 0.5, "stored properties read by key")
        XCTAssertNil(TintVignette().value(forKey: kCIInputImageKey))
    }
}
