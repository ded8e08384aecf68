import CoreImage
import CoreImage.CIFilterBuiltins
import Foundation
import Lunette
import TestSupport
import XCTest

/// The rest of the API surface: the less common initializers, options and helpers.
final class SurfaceTests: XCTestCase {
    func testLoadOptionsAndExifOrientation() throws {
        let url = URL(fileURLWithPath: Fixtures.fixture("formats/orient6.jpg"))
        let stored = try XCTUnwrap(CIImage(contentsOf: url))
        let upright = try XCTUnwrap(CIImage(contentsOf: url, options: [.applyOrientationProperty: true]))
        XCTAssertEqual(stored.oriented(forExifOrientation: 6).extent, upright.extent)
        XCTAssertEqual(stored.oriented(forExifOrientation: 42).extent, stored.extent)
        XCTAssertEqual(stored.extent.width, upright.extent.height)
        let asSRGB = try XCTUnwrap(
            CIImage(contentsOf: CI.photoURL, options: [.colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!]))
        XCTAssertSamePixels(
            CI.floats(asSRGB, CI.small.extent), CI.floats(CI.small, CI.small.extent), tolerance: 1e-3,
            "an untagged PNG read as sRGB is what the default load gives")
        let props = CI.photo.settingProperties(["Custom": 1]).properties
        XCTAssertEqual(props["Custom"] as? Int, 1)
    }

    func testHighQualityDownsampleUsesLanczos() {
        let t = CGAffineTransform(scaleX: 0.25, y: 0.25)
        let hq = CI.photo.transformed(by: t, highQualityDownsample: true)
        XCTAssertEqual(hq.extent.integral, CGRect(x: 0, y: 0, width: 128, height: 128))
        let lanczos = CI.photo.applyingFilter("CILanczosScaleTransform", parameters: [kCIInputScaleKey: 0.25])
        XCTAssertSamePixels(
            CI.floats(hq, CGRect(x: 8, y: 8, width: 16, height: 16)),
            CI.floats(lanczos, CGRect(x: 8, y: 8, width: 16, height: 16)))
    }

    func testMoreRepresentationsAndColourSpaces() throws {
        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let tiff = try XCTUnwrap(CI.context.tiffRepresentation(of: CI.small, format: .RGBA16, colorSpace: srgb))
        XCTAssertEqual(CIImage(data: tiff)?.extent.size, CI.small.extent.size)
        if ImageFormat.heif.canWrite {
            let heif = try XCTUnwrap(CI.context.heifRepresentation(of: CI.small, format: .RGBA8, colorSpace: srgb))
            XCTAssertEqual(CIImage(data: heif)?.extent.size, CI.small.extent.size)
        }
        let p3 = try XCTUnwrap(CGColorSpace(name: CGColorSpace.displayP3))
        let p3red = try XCTUnwrap(CIColor(red: 1, green: 0, blue: 0, alpha: 1, colorSpace: p3))
        let px = CI.floats(CIImage(color: p3red), CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertGreaterThan(px[0], 1, "P3 red is outside sRGB: more than 1 in linear sRGB")
        XCTAssertLessThan(px[1], 0)
        var gray = [UInt8](repeating: 0, count: 4)
        CI.context.render(
            CIImage(color: .white), toBitmap: &gray, rowBytes: 4, bounds: CGRect(x: 0, y: 0, width: 4, height: 1),
            format: .L8, colorSpace: CGColorSpaceCreateDeviceGray())
        XCTAssertEqual(gray, [255, 255, 255, 255])
        XCTAssertEqual(CIContext(options: [.workingColorSpace: NSNull()]).workingFormat, .RGBAf)
    }

    func testFilterCopiesKeyPathsAndCategories() throws {
        let f = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        f.setValue(3, forKeyPath: "filter.inputRadius")
        XCTAssertEqual(f.value(forKeyPath: "inputRadius") as? NSNumber, 3)
        let c = try XCTUnwrap(f.copy() as? CIFilter)
        c.setValue(5, forKey: kCIInputRadiusKey)
        XCTAssertEqual(f.value(forKey: kCIInputRadiusKey) as? NSNumber, 3, "a copy is independent")
        XCTAssertEqual(c.value(forKey: kCIInputRadiusKey) as? NSNumber, 5)
        let both = CIFilter.filterNames(inCategories: [kCICategoryGenerator, kCICategoryStillImage])
        XCTAssert(both.contains("CIQRCodeGenerator") && !both.contains("CISepiaTone"))
        XCTAssertEqual(CIFilter.filterNames(inCategories: nil), CIFilter.filterNames(inCategory: nil))
        XCTAssertNotNil(CIFilter.localizedDescription(forFilterName: "CIGaussianBlur"))
        let glow = try XCTUnwrap(CIFilter(name: "XSoftGlow"), "a Lua plugin: no typed factory")
        XCTAssertEqual(glow.value(forKey: kCIInputRadiusKey) as? NSNumber, 10)
        glow.setValue(4, forKey: kCIInputRadiusKey)
        XCTAssertEqual(glow.value(forKey: kCIInputRadiusKey) as? NSNumber, 4)
        XCTAssertEqual(CIFilter(name: "CISepiaTone")?.value(forKey: kCIOutputImageKey) as? CIImage, nil)
    }
}
