@testable import CoreImage
import BuiltinsGenerator
import CoreImage.CIFilterBuiltins
import Foundation
import Lunette
import TestSupport
import XCTest

/// The typed filters are generated from the descriptors and cover every registered filter.
final class BuiltinsTests: XCTestCase {
    func testGeneratedBuiltinsAreCurrent() throws {
        let expected = BuiltinsGenerator.source(for: try BuiltinsGenerator.shippedDescriptors())
        let committed = try String(contentsOfFile: Fixtures.path(BuiltinsGenerator.outputPath), encoding: .utf8)
        XCTAssert(committed == expected, "\(BuiltinsGenerator.outputPath) is out of date: run `swift run cibuiltins-gen`")
    }

    func testEveryRegisteredFilterHasATypedFactory() throws {
        let names = Lunette.registry.names.filter { !$0.hasPrefix("XTest") }
        let typed = Set(CIFilter.typedFactories.map(\.name))
        let shipped = Set(try BuiltinsGenerator.shippedDescriptors().map(\.name))
        XCTAssertEqual(shipped, typed)
        XCTAssert(shipped.isSubset(of: Set(names)), "every shipped filter is registered")
        for (name, make) in CIFilter.typedFactories {
            let f = make()
            XCTAssertEqual(f.name, name)
            XCTAssertEqual(f.inputKeys, CIFilter(name: name)?.inputKeys, name)
        }
        XCTAssertGreaterThan(typed.count, 120)
    }

    func testTypedPropertiesReadAndWriteTheSameInputs() {
        let blur = CIFilter.gaussianBlur()
        XCTAssertEqual(blur.radius, 10)
        blur.radius = 4
        XCTAssertEqual(blur.value(forKey: kCIInputRadiusKey) as? NSNumber, 4)
        blur.inputImage = CI.small
        XCTAssertEqual(blur.outputImage?.extent, CI.small.image.extent.insetBy(-14, -14).cgRect)

        let vignette = CIFilter.vignetteEffect()
        vignette.center = CGPoint(x: 10, y: 20)
        XCTAssertEqual(vignette.value(forKey: "inputCenter") as? CIVector, CIVector(x: 10, y: 20))

        let qr = CIFilter.qrCodeGenerator()
        qr.message = Data("hello".utf8)
        qr.correctionLevel = "H"
        XCTAssertEqual(qr.correctionLevel, "H")
        XCTAssertNotNil(qr.outputImage)

        let matrix = CIFilter.colorMatrix()
        matrix.rVector = CIVector(x: 0, y: 1, z: 0, w: 0)
        XCTAssertEqual(matrix.rVector, CIVector(x: 0, y: 1, z: 0, w: 0))

        let exposure = CIFilter.exposureAdjust()
        exposure.ev = 0.5
        XCTAssertEqual(exposure.ev, 0.5)

        let transform = CIFilter.affineTransform()
        transform.transform = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(transform.transform, CGAffineTransform(scaleX: 2, y: 2))
    }

    func testFactoryNames() {
        XCTAssertEqual(CIFilter.qrCodeGenerator().name, "CIQRCodeGenerator")
        XCTAssertEqual(CIFilter.pdf417BarcodeGenerator().name, "CIPDF417BarcodeGenerator")
        XCTAssertEqual(CIFilter.xSoftGlow().name, "XSoftGlow")
    }
}

extension Rect {
    var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
