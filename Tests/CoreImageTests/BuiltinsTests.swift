import CoreImage.CIFilterBuiltins
import Foundation
import Lunette
import TestSupport
import XCTest

@testable import CoreImage

/// The typed filters (generated at build time from Core Image's catalogue) cover every
/// registered built-in Core Image has, and each typed property reads and writes its input.
final class BuiltinsTests: XCTestCase {
    /// Registered filters Core Image does not have, so without a typed factory (reachable by
    /// `CIFilter(name:)`): the Lua plugins shipped in scripts/plugins.
    static let lunetteOnly: Set<String> = ["XEdgeSharpen", "XFilmLook", "XSoftGlow"]

    static let coreImageNames: Set<String> = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("coreimage-catalog.json")))
        let list = try! JSONSerialization.jsonObject(with: data) as! [[String: Any]]
        return Set(list.map { $0["name"] as! String })
    }()

    var registered: Set<String> { Set(Lunette.registry.names.filter { !$0.hasPrefix("XTest") }) }

    func testEveryRegisteredCoreImageFilterHasATypedFactory() {
        let typed = CIFilter.typedFactories.map(\.name)
        XCTAssertEqual(Set(typed).count, typed.count, "a typed factory twice")
        XCTAssertEqual(Set(typed), registered.intersection(Self.coreImageNames))
        for (name, make) in CIFilter.typedFactories {
            let f = make()
            XCTAssertEqual(f.name, name)
            XCTAssertEqual(f.inputKeys, CIFilter(name: name)?.inputKeys, name)
        }
        XCTAssertGreaterThan(typed.count, 120)
    }

    func testFiltersOnlyInLunetteAreListed() {
        XCTAssertEqual(registered.subtracting(Self.coreImageNames), Self.lunetteOnly)
        XCTAssertNotNil(CIFilter(name: "XSoftGlow"), "reachable by name")
    }

    /// Every typed property of every filter, from the filter's defaults: the getter reads
    /// the declared key's value and a changed value set through it lands on that key.
    func testEveryTypedPropertyRoundTripsThroughItsKey() throws {
        let factories = Dictionary(uniqueKeysWithValues: CIFilter.typedFactories.map { ($0.name, $0.make) })
        var checked = 0
        for p in CIFilter.typedProperties {
            let f = try XCTUnwrap(factories[p.name]?(), p.name)
            let at = "\(p.name).\(p.key)"
            XCTAssert(f.inputKeys.contains(p.key), "\(at) is not an input")
            let before = f.value(forKey: p.key)
            let value = p.get(f)
            XCTAssert(same(value, before), "\(at): typed \(value), untyped \(String(describing: before))")
            let changed = Self.changed(value, f.attributes[p.key] as? [String: Any] ?? [:])
            p.set(f, changed)
            XCTAssertNil(f.lastError, at)
            XCTAssertEqual(Self.text(p.get(f)), Self.text(changed), at)
            XCTAssertNotEqual(Self.text(f.value(forKey: p.key)), Self.text(before), "\(at) not written")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 400)
    }

    /// A typed value agrees with the untyped one Core Image keeps under the key.
    func same(_ typed: Any, _ untyped: Any?) -> Bool {
        switch typed {
        case let v as Float: return (untyped as? NSNumber)?.floatValue ?? 0 == v
        case let v as Bool: return (untyped as? NSNumber)?.boolValue ?? false == v
        case let v as CGPoint: return (untyped as? CIVector).map { $0.cgPointValue == v } ?? (v == .zero)
        case let v as CGRect: return (untyped as? CIVector).map { $0.cgRectValue == v } ?? (v == .zero)
        case let v as CIVector: return (untyped as? CIVector).map { $0 == v } ?? (v.count == 0)
        case let v as String: return (untyped as? String ?? "") == v
        default: return true  // images, colours, data, transforms, colour spaces: checked by the change below
        }
    }

    /// Comparable text of a value (an NSValue's description hides the transform it holds).
    static func text(_ value: Any?) -> String {
        if let v = value as? NSValue, !(v is NSNumber) { return String(describing: v.cgAffineTransformValue) }
        return String(describing: value)
    }

    /// A value of the same Swift type that differs from `value`, inside the input's range.
    static func changed(_ value: Any, _ attributes: [String: Any]) -> Any {
        switch attributes[kCIAttributeClass] as? String {
        case "CIImage"?: return Optional(CI.small) as Any
        case "NSObject"?: return CGColorSpace(name: CGColorSpace.linearSRGB) as Any
        default: break
        }
        let lo = (attributes[kCIAttributeMin] as? NSNumber)?.floatValue ?? -.infinity
        let hi = (attributes[kCIAttributeMax] as? NSNumber)?.floatValue ?? .infinity
        switch value {
        case let v as Float: return [v + 1, v - 1, v / 2, (v + hi) / 2].first { $0 != v && $0 >= lo && $0 <= hi } ?? v
        case let v as Bool: return !v
        case let v as CGPoint: return CGPoint(x: v.x + 1, y: v.y + 2)
        case let v as CGRect:
            let small = CGRect(x: 1, y: 2, width: 30, height: 40)
            return v == small ? small.insetBy(dx: 1, dy: 1) : small
        case let v as CIVector: return CIVector(values: (0..<max(v.count, 1)).map { v.value(at: $0) + 1 }, count: max(v.count, 1))
        case let v as CIColor: return v == CIColor.red ? CIColor.blue : CIColor.red
        case let v as String: return v + "x"
        case let v as Data: return v + Data("x".utf8)
        case let v as CGAffineTransform: return v.scaledBy(x: 2, y: 3)
        default: return value
        }
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

        let transform = CIFilter.affineTransform()
        transform.transform = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(transform.transform, CGAffineTransform(scaleX: 2, y: 2))
    }

    func testFactoryNames() {
        XCTAssertEqual(CIFilter.qrCodeGenerator().name, "CIQRCodeGenerator")
        XCTAssertEqual(CIFilter.pdf417BarcodeGenerator().name, "CIPDF417BarcodeGenerator")
        XCTAssertEqual(CIFilter.exposureAdjust().ev, 0)
        XCTAssertEqual(CIFilter.colorMatrix().rVector, CIVector(x: 1, y: 0, z: 0, w: 0))
    }
}

extension Rect {
    var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
}
