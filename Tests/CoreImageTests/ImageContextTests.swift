import CoreImage
import Foundation
import Lunette
import XCTest

/// CIImage, CIContext and the Core Graphics stand-ins.
final class ImageContextTests: XCTestCase {
    func testLoadingAndProperties() throws {
        XCTAssertEqual(CI.photo.extent, CGRect(x: 0, y: 0, width: 512, height: 512))
        XCTAssertEqual(CI.photo.properties[kCGImagePropertyPixelWidth] as? NSNumber, 512)
        XCTAssertEqual(CI.photo.url, CI.photoURL)
        let data = try Data(contentsOf: CI.photoURL)
        XCTAssertEqual(CIImage(data: data)?.extent, CI.photo.extent)
        XCTAssertNil(CIImage(data: Data("not an image".utf8)))
        XCTAssertNotNil(CIImage.lastLoadError)
        XCTAssertNil(CIImage(contentsOf: URL(fileURLWithPath: "/nonexistent.png")))
        let raw = try XCTUnwrap(CIImage(contentsOf: CI.photoURL, options: [.colorSpace: kCFNull]))
        XCTAssertEqual(raw.extent, CI.photo.extent)
    }

    func testGeometry() {
        let img = CI.small
        XCTAssertEqual(img.extent, CGRect(x: 200, y: 240, width: 96, height: 96))
        XCTAssert(img.clampedToExtent().extent.isInfinite)
        XCTAssert(CIImage(color: .red).extent.isInfinite)
        XCTAssertEqual(
            img.transformed(by: CGAffineTransform(translationX: -200, y: -240)).extent,
            CGRect(x: 0, y: 0, width: 96, height: 96))
        XCTAssertEqual(img.oriented(.right).extent, img.extent)
        let wide = img.cropped(to: CGRect(x: 200, y: 240, width: 96, height: 40))
        XCTAssertEqual(wide.oriented(.left).extent, CGRect(x: 200, y: 240, width: 40, height: 96))
        XCTAssertEqual(img.clamped(to: CGRect(x: 210, y: 250, width: 10, height: 10)).cropped(to: img.extent).extent, img.extent)
        XCTAssertEqual(CIImage.empty().extent, .null)
        let turned = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(turned.width, 1, accuracy: 1e-12)
        XCTAssertEqual(turned.height, 2, accuracy: 1e-12)
        XCTAssertEqual(turned.minX, -1, accuracy: 1e-12)
    }

    func testAlphaHelpers() {
        let half = CIImage(color: CIColor(red: 1, green: 1, blue: 1, alpha: 0.5)).cropped(
            to: CGRect(x: 0, y: 0, width: 2, height: 2))
        let r = CGRect(x: 0, y: 0, width: 1, height: 1)
        let base = CI.floats(half, r)
        XCTAssertEqual(base[3], 0.5, accuracy: 1e-6)
        XCTAssertEqual(CI.floats(half.unpremultiplyingAlpha(), r)[0], 1, accuracy: 1e-6)
        XCTAssertEqual(CI.floats(half.unpremultiplyingAlpha().premultiplyingAlpha(), r)[0], base[0], accuracy: 1e-6)
        XCTAssertEqual(CI.floats(half.settingAlphaOne(in: half.extent), r)[3], 1)
    }

    func testBitmapRoundTripsInEveryFormat() throws {
        let img = CI.small
        let rect = img.extent
        let w = Int(rect.width), h = Int(rect.height)
        let reference = CI.floats(img, rect)
        let srgb = CGColorSpace(name: CGColorSpace.sRGB)
        for (format, tolerance) in [
            (CIFormat.RGBA8, Float(0.01)), (.BGRA8, 0.01), (.ARGB8, 0.01), (.RGBA16, 1e-4),
            (.RGBAh, 2e-3), (.RGBAf, 1e-6),
        ] {
            let rowBytes = w * (format == .RGBAf ? 16 : format == .RGBAh || format == .RGBA16 ? 8 : 4)
            var bytes = Data(count: rowBytes * h)
            bytes.withUnsafeMutableBytes {
                CI.context.render(
                    img, toBitmap: $0.baseAddress!, rowBytes: rowBytes, bounds: rect, format: format, colorSpace: srgb)
            }
            let back = CIImage(bitmapData: bytes, bytesPerRow: rowBytes, size: rect.size, format: format, colorSpace: srgb)
            XCTAssertEqual(back.extent.size, rect.size)
            let moved = back.transformed(by: CGAffineTransform(translationX: rect.minX, y: rect.minY))
            XCTAssertSamePixels(CI.floats(moved, rect), reference, tolerance: tolerance, "\(format)")
        }
    }

    func testCGImageAndRepresentations() throws {
        let img = CI.small
        let cg = try XCTUnwrap(CI.context.createCGImage(img, from: img.extent))
        XCTAssertEqual([cg.width, cg.height, cg.bitsPerComponent, cg.bitsPerPixel, cg.bytesPerRow], [96, 96, 8, 32, 384])
        XCTAssertEqual(cg.alphaInfo, .premultipliedLast)
        XCTAssertEqual(cg.colorSpace?.name, CGColorSpace.sRGB)
        let back = CIImage(cgImage: cg).transformed(by: CGAffineTransform(translationX: 200, y: 240))
        XCTAssertSamePixels(CI.floats(back, img.extent), CI.floats(img, img.extent), tolerance: 0.01)
        XCTAssertEqual(cg.cropping(to: CGRect(x: 0, y: 0, width: 10, height: 5))?.height, 5)
        XCTAssertNil(CI.context.createCGImage(CIImage(color: .red), from: .infinite))

        let srgb = try XCTUnwrap(CGColorSpace(name: CGColorSpace.sRGB))
        let png = try XCTUnwrap(CI.context.pngRepresentation(of: img, format: .RGBA8, colorSpace: srgb))
        XCTAssertEqual(png, Data(try ImageWriter.encode(img.image, format: .png)), "the CLI's PNG bytes")
        let jpeg = try XCTUnwrap(
            CI.context.jpegRepresentation(of: img, colorSpace: srgb, options: [.lossyCompressionQuality: 0.5]))
        var o = SaveOptions(); o.quality = 50
        XCTAssertEqual(jpeg, Data(try ImageWriter.encode(img.image, format: .jpeg, options: o)))
        let p3 = try XCTUnwrap(CGColorSpace(name: CGColorSpace.displayP3))
        let p3png = try XCTUnwrap(CI.context.pngRepresentation(of: img, format: .RGBA16, colorSpace: p3))
        let reloaded = try XCTUnwrap(CIImage(data: p3png))
        XCTAssertSamePixels(
            CI.floats(reloaded, reloaded.extent),
            CI.floats(img.transformed(by: CGAffineTransform(translationX: -200, y: -240)), reloaded.extent),
            tolerance: 2e-3, "P3 round trip")
        XCTAssertNil(CI.context.pngRepresentation(of: CIImage(color: .red), format: .RGBA8, colorSpace: srgb))

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ci-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try CI.context.writePNGRepresentation(of: img, to: dir.appendingPathComponent("a.png"), format: .RGBA8, colorSpace: srgb)
        try CI.context.writeJPEGRepresentation(of: img, to: dir.appendingPathComponent("a.jpg"), colorSpace: srgb)
        XCTAssertEqual(CIImage(contentsOf: dir.appendingPathComponent("a.png"))?.extent.size, img.extent.size)
        XCTAssertThrowsError(
            try CI.context.writePNGRepresentation(
                of: CIImage(color: .red), to: dir.appendingPathComponent("b.png"),
                format: .RGBA8, colorSpace: srgb))
    }

    func testValueTypes() {
        XCTAssertEqual(CIVector(x: 1, y: 2), CIVector(string: "[1 2]"))
        XCTAssertNotEqual(CIVector(x: 1, y: 2), CIVector(x: 1, y: 2, z: 0))
        XCTAssertEqual(
            CIVector(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(CIColor(string: "0.5 0.25 1"), CIColor(red: 0.5, green: 0.25, blue: 1))
        XCTAssertEqual(CIColor.red.copy() as? CIColor, CIColor.red)
        XCTAssertNil(CIColor(red: 1, green: 0, blue: 0, colorSpace: CGColorSpaceCreateDeviceGray()))
        let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
        XCTAssertEqual(CGPoint(x: 0, y: 0).applying(t), CGPoint(x: 2, y: 3))
        XCTAssertEqual(t.concatenating(t.inverted()), .identity)
        for name in [
            CGColorSpace.sRGB, CGColorSpace.displayP3, CGColorSpace.linearSRGB, CGColorSpace.extendedSRGB,
            CGColorSpace.extendedLinearSRGB, CGColorSpace.genericGrayGamma2_2,
        ] {
            XCTAssertNotNil(CGColorSpace(name: name), name)
        }
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().model, .monochrome)
        XCTAssertNil(CGColorSpace(name: "kCGColorSpaceACESCGLinear"))
    }
}

/// The bitmap CGContext: draw a CGImage scaled, fill, clear, read back; CIContext(cgContext:).
final class BitmapContextTests: XCTestCase {
    func testDrawScaledThumbnailAndReadBack() throws {
        let cg = try XCTUnwrap(CI.context.createCGImage(CI.photo, from: CI.photo.extent))
        let ctx = try XCTUnwrap(
            CGContext(
                data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.draw(cg, in: CGRect(x: 0, y: 0, width: 64, height: 64))
        let thumb = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual([thumb.width, thumb.height, thumb.bytesPerRow], [64, 64, 256])
        let oracle = CI.photo.transformed(by: CGAffineTransform(scaleX: 0.125, y: 0.125))
        XCTAssertSamePixels(
            CI.floats(CIImage(cgImage: thumb), CGRect(x: 0, y: 0, width: 64, height: 64)),
            CI.floats(oracle, CGRect(x: 0, y: 0, width: 64, height: 64)), tolerance: 0.01)

        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let bottomLeft = ctx.data!.advanced(by: 63 * ctx.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual([bottomLeft[0], bottomLeft[1], bottomLeft[2], bottomLeft[3]], [255, 0, 0, 255], "origin bottom-left")
        ctx.clear(CGRect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertEqual(bottomLeft[3], 0)
        XCTAssertNil(
            CGContext(
                data: nil, width: 4, height: 4, bitsPerComponent: 5, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: 0))
    }

    func testCIContextDrawsIntoACGContext() throws {
        let ctx = try XCTUnwrap(
            CGContext(
                data: nil, width: 32, height: 32, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.none.rawValue))
        let ci = CIContext(cgContext: ctx)
        ci.draw(
            CIImage(color: .white), in: CGRect(x: 0, y: 0, width: 16, height: 32), from: CGRect(x: 0, y: 0, width: 4, height: 4))
        let row = ctx.data!.advanced(by: 16 * ctx.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(row[8], 255, "inside the drawn rect")
        XCTAssertEqual(row[24], 0, "outside it")
    }
}
