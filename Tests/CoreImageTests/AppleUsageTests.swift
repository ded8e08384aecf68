import CoreImage
import CoreImage.CIFilterBuiltins
import Foundation
import Lunette
import TestSupport
import XCTest

/// Core Image usages from Apple's documentation and WWDC sessions, rewritten as tests: each
/// is written as the Apple code is and checked against Lunette's own result for the same
/// chain (Lua steps as the CLI runs them, or the Filters module directly): identical pixels.
final class AppleUsageTests: XCTestCase {
    let input = CI.small
    var rect: CGRect { input.extent }

    /// Core Image Programming Guide, "Processing Images": a sepia filter by name.
    func testSepiaByName() throws {
        let filter = try XCTUnwrap(CIFilter(name: "CISepiaTone"))
        filter.setValue(input, forKey: kCIInputImageKey)
        filter.setValue(0.8, forKey: kCIInputIntensityKey)
        let result = try XCTUnwrap(filter.outputImage)
        XCTAssertSamePixels(CI.floats(result, rect), try CI.floats(CI.lua(input, ["CISepiaTone{intensity = 0.8}"]), rect))
    }

    /// The guide's filter chain: sepia, then a hue adjustment, then gloom.
    func testChainOfThree() throws {
        let sepia = input.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 1.0])
        let hue = sepia.applyingFilter("CIHueAdjust", parameters: [kCIInputAngleKey: Double.pi / 2])
        let gloom = hue.applyingFilter("CIGloom", parameters: [kCIInputRadiusKey: 5, kCIInputIntensityKey: 0.5])
        let oracle = try CI.lua(
            input,
            [
                "CISepiaTone{intensity = 1}", "CIHueAdjust{angle = math.pi / 2}",
                "CIGloom{radius = 5, intensity = 0.5}",
            ])
        XCTAssertSamePixels(CI.floats(gloom, rect), try CI.floats(oracle, rect))
    }

    /// WWDC "Advances in Core Image": clamp before a blur, crop after it.
    func testBlurWithEdgeClamping() throws {
        let blurred = input.clampedToExtent().applyingGaussianBlur(sigma: 6).cropped(to: input.extent)
        XCTAssertEqual(blurred.extent, input.extent)
        let oracle = try Lunette.filter(
            "CIGaussianBlur",
            [
                "inputImage": .image(input.image.clampedToExtent()),
                "inputRadius": .number(6),
            ]
        ).outputImage().cropped(to: input.image.extent)
        XCTAssertSamePixels(CI.floats(blurred, rect), try CI.floats(oracle, rect))
    }

    /// A grayscale conversion as photo apps write it: colour controls, saturation 0.
    func testGrayscaleWithColorControls() throws {
        let gray = input.applyingFilter(
            "CIColorControls",
            parameters: [
                kCIInputSaturationKey: 0, kCIInputBrightnessKey: 0.05, kCIInputContrastKey: 1.1,
            ])
        let oracle = try CI.lua(input, ["CIColorControls{saturation = 0, brightness = 0.05, contrast = 1.1}"])
        XCTAssertSamePixels(CI.floats(gray, rect), try CI.floats(oracle, rect))
    }

    /// WWDC 2019 "Introducing Core Image filter builtins": typed properties.
    func testTypedSepiaAndVignette() throws {
        let sepia = CIFilter.sepiaTone()
        sepia.inputImage = input
        sepia.intensity = 0.6
        let vignette = CIFilter.vignette()
        vignette.inputImage = sepia.outputImage
        vignette.intensity = 0.8
        vignette.radius = 1.5
        let out = try XCTUnwrap(vignette.outputImage)
        let oracle = try CI.lua(input, ["CISepiaTone{intensity = 0.6}", "CIVignette{intensity = 0.8, radius = 1.5}"])
        XCTAssertSamePixels(CI.floats(out, rect), try CI.floats(oracle, rect))
    }

    /// The vignette effect centred by a CIVector, as Apple's reference shows.
    func testVignetteEffectAtACenter() throws {
        let center = CIVector(x: rect.midX, y: rect.midY)
        let out = try XCTUnwrap(
            CIFilter(
                name: "CIVignetteEffect",
                parameters: [
                    kCIInputImageKey: input, kCIInputCenterKey: center, kCIInputRadiusKey: 40, kCIInputIntensityKey: 1,
                ])?.outputImage)
        let oracle = try CI.lua(
            input, ["CIVignetteEffect{center = Vector(\(rect.midX), \(rect.midY)), radius = 40, intensity = 1}"])
        XCTAssertSamePixels(CI.floats(out, rect), try CI.floats(oracle, rect))
    }

    /// Compositing a translucent overlay over a photo (`composited(over:)`).
    func testCompositedOver() throws {
        let tint = CIImage(color: CIColor(red: 1, green: 0, blue: 0, alpha: 0.3)).cropped(to: rect.insetBy(dx: 20, dy: 20))
        let out = tint.composited(over: input)
        XCTAssertEqual(out.extent, rect)
        let oracle = try Lunette.filter(
            "CISourceOverCompositing",
            [
                "inputImage": .image(tint.image),
                "inputBackgroundImage": .image(input.image),
            ]
        ).outputImage()
        XCTAssertSamePixels(CI.floats(out, rect), try CI.floats(oracle, rect))
    }

    /// A thumbnail with Lanczos scaling, the way server-side Swift code resizes.
    func testLanczosThumbnail() throws {
        let scale = CIFilter.lanczosScaleTransform()
        scale.inputImage = CI.photo
        scale.scale = 0.125
        scale.aspectRatio = 1
        let thumb = try XCTUnwrap(scale.outputImage)
        XCTAssertEqual(thumb.extent.integral, CGRect(x: 0, y: 0, width: 64, height: 64))
        let oracle = try CI.lua(CI.photo, ["CILanczosScaleTransform{scale = 0.125, aspectRatio = 1}"])
        XCTAssertSamePixels(CI.floats(thumb, thumb.extent.integral), try CI.floats(oracle, thumb.extent.integral))
    }

    /// Apple's QR code sample: generate, then scale up without smoothing artefacts.
    func testQRCodeScaledUp() throws {
        let qr = CIFilter.qrCodeGenerator()
        qr.message = Data("https://example.com".utf8)
        qr.correctionLevel = "M"
        let code = try XCTUnwrap(qr.outputImage)
        let big = code.transformed(by: CGAffineTransform(scaleX: 4, y: 4))
        XCTAssertEqual(big.extent.width, code.extent.width * 4)
        let cg = try XCTUnwrap(CI.context.createCGImage(big, from: big.extent))
        XCTAssertEqual(cg.width, Int(big.extent.width))
        let bytes = [UInt8](try XCTUnwrap(cg.dataProvider?.data))
        XCTAssertEqual(
            Set(stride(from: 0, to: bytes.count, by: 4).map { bytes[$0] }).isSubset(of: [0, 255]), false,
            "bilinear scaling blends the module edges, as Apple's default sampling does")
        let oracle = try Lunette.filter(
            "CIQRCodeGenerator",
            [
                "inputMessage": .data(Array("https://example.com".utf8)),
                "inputCorrectionLevel": .string("M"),
            ]
        )
        .outputImage().transformed(by: .scale(4, 4))
        XCTAssertSamePixels(CI.floats(big, big.extent), try CI.floats(oracle, big.extent))
    }

    /// CGImagePropertyOrientation: `oriented(_:)` turns every EXIF orientation upright, as loading
    /// with `.applyOrientationProperty` does (Lunette's loader is the oracle).
    func testOrientedMatchesTheLoader() throws {
        for n in 1...8 {
            let url = URL(fileURLWithPath: Fixtures.fixture("formats/orient\(n).jpg"))
            let stored = try XCTUnwrap(CIImage(contentsOf: url))
            let value = try XCTUnwrap(stored.properties[kCGImagePropertyOrientation] as? NSNumber)
            XCTAssertEqual(value.intValue, n)
            let turned = stored.oriented(try XCTUnwrap(CGImagePropertyOrientation(rawValue: value.uint32Value)))
            let upright = try XCTUnwrap(CIImage(contentsOf: url, options: [.applyOrientationProperty: true]))
            XCTAssertEqual(turned.extent, upright.extent, "orientation \(n)")
            XCTAssertSamePixels(
                CI.floats(turned, upright.extent), CI.floats(upright, upright.extent),
                tolerance: 1e-5, "orientation \(n)")
        }
    }

    /// "Selectively focusing on an image": a radial gradient as the mask of a blend.
    func testBlendWithRadialMask() throws {
        let mask = CIFilter.radialGradient()
        mask.center = CGPoint(x: rect.midX, y: rect.midY)
        mask.radius0 = 10
        mask.radius1 = 40
        mask.color0 = CIColor(red: 1, green: 1, blue: 1)
        mask.color1 = CIColor(red: 0, green: 0, blue: 0, alpha: 0)
        let blurred = input.clampedToExtent().applyingGaussianBlur(sigma: 4).cropped(to: rect)
        let blend = CIFilter.blendWithMask()
        blend.inputImage = input
        blend.backgroundImage = blurred
        blend.maskImage = mask.outputImage?.cropped(to: rect)
        let out = try XCTUnwrap(blend.outputImage)
        let m = try Lunette.filter(
            "CIRadialGradient",
            [
                "inputCenter": .vector(Vector(Double(rect.midX), Double(rect.midY))),
                "inputRadius0": .number(10), "inputRadius1": .number(40),
                "inputColor0": .color(Color(1, 1, 1, 1)), "inputColor1": .color(Color(0, 0, 0, 0)),
            ])
        let b = try Lunette.filter(
            "CIGaussianBlur", ["inputImage": .image(input.image.clampedToExtent()), "inputRadius": .number(4)])
        let oracle = try Lunette.filter(
            "CIBlendWithMask",
            [
                "inputImage": .image(input.image),
                "inputBackgroundImage": .image(try b.outputImage().cropped(to: input.image.extent)),
                "inputMaskImage": .image(try m.outputImage().cropped(to: input.image.extent)),
            ]
        ).outputImage()
        XCTAssertSamePixels(CI.floats(out, rect), try CI.floats(oracle, rect))
    }

    /// Photo effect presets (CIPhotoEffectNoir) after an exposure boost, read back as RGBA8.
    func testNoirAfterExposureReadBack() throws {
        let out = input.applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 0.5]).applyingFilter("CIPhotoEffectNoir")
        let w = Int(rect.width), h = Int(rect.height)
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        CI.context.render(
            out, toBitmap: &rgba, rowBytes: w * 4, bounds: rect, format: .RGBA8,
            colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
        let oracle = try CI.lua(input, ["CIExposureAdjust{EV = 0.5}", "CIPhotoEffectNoir{}"])
        let png = try ImageWriter.encode(oracle.cropped(to: input.image.extent), format: .png)
        let decoded = try ImageIO.decode(png, name: "oracle", options: LoadOptions(space: .none, orient: false))
        let raw = try CI.floats(decoded, decoded.extent.cgRect)
        XCTAssertEqual(raw.count, rgba.count)
        var worst = 0
        for i in 0..<rgba.count { worst = max(worst, abs(Int(rgba[i]) - Int((raw[i] * 255).rounded()))) }
        XCTAssertLessThanOrEqual(worst, 1, "8-bit sRGB read-back matches the CLI's PNG")
        XCTAssert((0..<w * h).allSatisfy { rgba[$0 * 4] == rgba[$0 * 4 + 1] }, "noir is gray")
    }
}
