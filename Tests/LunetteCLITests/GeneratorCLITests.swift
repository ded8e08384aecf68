import Foundation
import TestSupport
import XCTest

/// QR codes from the command line: `apply` with a generator step and no input, the
/// example script, and the filter listing.
final class GeneratorCLITests: ScratchTestCase {
    func lunette(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try exec(CLITests.binary, args)
    }

    func exec(_ tool: URL, _ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try ProcessRunner.run(args, executable: tool)
        return (r.status, String(decoding: r.stdout, as: UTF8.self), r.stderr)
    }

    /// The PNG's width and height from its IHDR chunk.
    func size(_ file: String) throws -> (Int, Int) {
        let d = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        func be(_ i: Int) -> Int { d[i...i + 3].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    func zbar(_ file: String) throws -> String? {
        let tool = URL(fileURLWithPath: "/usr/bin/zbarimg")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else { return nil }
        let r = try exec(tool, ["--nodbus", "-q", "--raw", "-Sdisable", "-Sqrcode.enable", file])
        return r.status == 0 ? String(r.stdout.dropLast()) : ""
    }

    func testApplyWritesAQRCodeFromAMessage() throws {
        let out = path("qr.png")
        let r = try lunette([
            "apply", "-o", out, "-f", #"CIQRCodeGenerator{message = "hello from lunette", correctionLevel = "Q"}"#,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let (w, h) = try size(out)
        XCTAssertEqual(w, h)
        XCTAssertEqual((w - 2 - 17) % 4, 0, "4 · version + 17 modules plus the quiet zone")
        if let text = try zbar(out) { XCTAssertEqual(text, "hello from lunette") }
        // With an input image the generator step ignores it: raw, its 23 modules; presented, the
        // largest whole enlargement that fits the input's 512 pixels.
        let r2 = try lunette([
            "apply", Fixtures.astronaut, "-o", path("qr2.png"), "--raw", "-f", #"CIQRCodeGenerator{message = "hi"}"#,
        ])
        XCTAssertEqual(r2.status, 0, r2.stderr)
        XCTAssertEqual(try size(path("qr2.png")).0, 23)
        let r3 = try lunette(["apply", Fixtures.astronaut, "-o", path("qr3.png"), "-f", #"CIQRCodeGenerator{message = "hi"}"#])
        XCTAssertEqual(r3.status, 0, r3.stderr)
        XCTAssertEqual(try size(path("qr3.png")).0, 23 * 22)
    }

    func testApplyWithoutInputOrGeneratorIsAUsageError() throws {
        let r = try lunette(["apply", "-o", path("x.png"), "-f", "CISepiaTone{intensity = 0.5}"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no input image"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
        let long = String(repeating: "x", count: 3000)
        let e = try lunette([
            "apply", "-o", path("y.png"), "-f", "CIQRCodeGenerator{message = \"\(long)\", correctionLevel = \"H\"}",
        ])
        XCTAssertEqual(e.status, 3)
        XCTAssertTrue(e.stderr.contains("at most 1273 bytes"), e.stderr)
    }

    func testExampleScriptScalesTheCodeCrisply() throws {
        let out = path("big.png")
        let r = try lunette(["run", Fixtures.path("scripts/examples/qrcode.lua"), "https://example.org/lunette", out, "300", "H"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let (w, h) = try size(out)
        XCTAssertEqual(w, h)
        XCTAssertLessThanOrEqual(w, 300)
        XCTAssertGreaterThan(w, 150)
        if let text = try zbar(out) { XCTAssertEqual(text, "https://example.org/lunette") }
    }

    func testFilterListingShowsTheNewFamilies() throws {
        let r = try lunette(["filters", "--keys"])
        XCTAssertEqual(r.status, 0)
        for needle in [
            "CIQRCodeGenerator", "inputMessage ((null)/NSData)", "inputCorrectionLevel ((null)/NSString)",
            "CIAztecCodeGenerator", "CICode128BarcodeGenerator", "CIPDF417BarcodeGenerator",
            "CIRandomGenerator", "CIStarShineGenerator", "CIStripesGenerator", "CICheckerboardGenerator",
            "CIConstantColorGenerator", "CIGaussianGradient", "CILinearGradient", "CIRadialGradient",
            "CISmoothLinearGradient", "CIBarsSwipeTransition", "CICopyMachineTransition",
            "CIDisintegrateWithMaskTransition", "CIDissolveTransition", "CIFlashTransition", "CIModTransition",
            "CISwipeTransition", "inputTargetImage (CIAttributeTypeImage/CIImage)",
        ] {
            XCTAssertTrue(r.stdout.contains(needle), needle)
        }
    }
}
