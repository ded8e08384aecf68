import Foundation
import TestSupport
import XCTest

/// `lunette apply` with JPEG, WebP, TIFF and HEIC files: formats by content in, by
/// extension or --format out; usage errors list formats; bad files leave no output.
final class FormatCLITests: ScratchTestCase {
    func fixture(_ name: String) -> String { Fixtures.fixture("formats/" + name) }
    func head(_ path: String, _ n: Int = 12) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(n))
    }

    func testJPEGInJPEGOut() throws {
        let out = path("out.jpg")
        let r = try ProcessRunner.run([
            "apply", fixture("baseline.jpg"), "-o", out, "-f", "CISepiaTone{intensity = 0.5}",
            "--quality", "80", "--progressive",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try head(out, 3), [0xff, 0xd8, 0xff], "JPEG bytes under a .jpg name")
    }

    func testEveryOutputFormatByExtensionOrFlag() throws {
        let magic: [(String, [UInt8])] = [("a.png", [0x89, 0x50]), ("a.webp", Array("RIFF".utf8)), ("a.tif", Array("II*".utf8))]
        for (name, bytes) in magic {
            let r = try ProcessRunner.run(["apply", fixture("lossy.webp"), "-o", path(name)])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try head(path(name), bytes.count), bytes, name)
        }
        let r = try ProcessRunner.run(["apply", fixture("rgb-lzw.tif"), "-o", path("forced.png"), "--format", "jpeg"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try head(path("forced.png"), 2), [0xff, 0xd8])
    }

    func testBadOutputsAndInputsLeaveNoFile() throws {
        let cases: [([String], Int32, String)] = [
            (
                ["apply", fixture("baseline.jpg"), "-o", path("x.bmp")], 1,
                "unknown output format '.bmp' (formats: png, jpeg, webp, tiff"
            ),
            (["apply", fixture("baseline.jpg"), "-o", path("x.jpg"), "--format", "gif"], 1, "unknown --format 'gif'"),
            (["apply", fixture("baseline.jpg"), "-o", path("x.jpg"), "--colorspace", "cmyk"], 1, "unknown --colorspace 'cmyk'"),
            (["apply", fixture("baseline.jpg"), "-o", path("x.jpg"), "--quality", "0"], 1, "--quality must be 1…100"),
        ]
        for (args, status, text) in cases {
            let r = try ProcessRunner.run(args)
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(text), "\(args): \(r.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "\(args)")
        }
        let bmp = path("in.bmp")
        try Data("BM".utf8 + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: bmp))
        var r = try ProcessRunner.run(["apply", bmp, "-o", path("x.png")])
        XCTAssertEqual(r.status, 3)
        XCTAssertTrue(r.stderr.contains("unsupported image format (looks like BMP)"), r.stderr)
        let cut = path("cut.jpg")
        try Data(try Data(contentsOf: URL(fileURLWithPath: fixture("progressive.jpg"))).prefix(900)).write(
            to: URL(fileURLWithPath: cut))
        r = try ProcessRunner.run(["apply", cut, "-o", path("x.jpg")])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.jpg")))
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
    }

    func testOrientationAndMetadataFlags() throws {
        var r = try ProcessRunner.run(["apply", fixture("orient6.jpg"), "-o", path("up.png")])
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try ProcessRunner.run(["apply", fixture("orient6.jpg"), "-o", path("stored.png"), "--no-orient"])
        XCTAssertEqual(r.status, 0, r.stderr)
        func size(_ p: String) throws -> (Int, Int) {
            let b = try head(p, 24)
            return (Int(b[18]) << 8 | Int(b[19]), Int(b[22]) << 8 | Int(b[23]))
        }
        XCTAssertEqual(try size(path("up.png")).0, 24)
        XCTAssertEqual(try size(path("stored.png")).0, 16)
        r = try ProcessRunner.run(["apply", fixture("orient6.jpg"), "-o", path("kept.jpg")])
        let kept = try Data(contentsOf: URL(fileURLWithPath: path("kept.jpg")))
        XCTAssertNotNil(kept.range(of: Data("Exif\0\0".utf8)), "EXIF kept")
        r = try ProcessRunner.run(["apply", fixture("orient6.jpg"), "-o", path("bare.jpg"), "--strip"])
        let bare = try Data(contentsOf: URL(fileURLWithPath: path("bare.jpg")))
        XCTAssertNil(bare.range(of: Data("Exif\0\0".utf8)), "--strip drops EXIF")
    }

    /// `--colorspace` converts and embeds the profile (an APP2 ICC_PROFILE naming the space);
    /// sRGB, the default, is written untagged.
    func testColorspaceEmbedsTheOutputProfile() throws {
        var r = try ProcessRunner.run(["apply", fixture("display-p3.jpg"), "-o", path("p3.jpg"), "--colorspace", "display-p3"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let p3 = try Data(contentsOf: URL(fileURLWithPath: path("p3.jpg")))
        XCTAssertNotNil(p3.range(of: Data("ICC_PROFILE\0".utf8)), "profile embedded")
        let name = try ProcessRunner.run(["-e", "print(Image.load('\(path("p3.jpg"))').properties.ProfileName)"])
        XCTAssertEqual(String(decoding: name.stdout, as: UTF8.self), "Display P3\n", name.stderr)
        r = try ProcessRunner.run(["apply", fixture("display-p3.jpg"), "-o", path("srgb.jpg")])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNil(try Data(contentsOf: URL(fileURLWithPath: path("srgb.jpg"))).range(of: Data("ICC_PROFILE\0".utf8)))
    }

    func testABatchOfMixedFormatsWritesTheChosenFormat() throws {
        let inputs = ["baseline.jpg", "lossless.webp", "rgb-lzw.tif", "photo.heic"].map(fixture)
        let r = try ProcessRunner.run(
            [
                "apply", "-o", path("out") + "/", "--format", "webp", "-q",
                "-f", "CIColorInvert{}",
            ] + inputs)
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("out")).sorted()
        XCTAssertEqual(names, ["baseline.webp", "lossless.webp", "photo.webp", "rgb-lzw.webp"])
    }

    /// OpenEXR in and out: extended range survives a chain (exposure down and back up),
    /// `--depth 32` writes floats, `--format exr` and the help list it, a colour space it
    /// cannot hold is a usage error and cut files exit 4 with no output.
    func testOpenEXRInAndOut() throws {
        var r = try ProcessRunner.run(["apply", fixture("lossy.webp"), "-o", path("a.exr"), "-f", "CIExposureAdjust{EV = 2}"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try head(path("a.exr"), 4), [0x76, 0x2f, 0x31, 0x01])
        r = try ProcessRunner.run(["apply", path("a.exr"), "-o", path("b.png"), "-f", "CIExposureAdjust{EV = -2}"])
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try ProcessRunner.run(["apply", fixture("lossy.webp"), "-o", path("direct.png")])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Values up to 4 came back from the half floats unclamped: within a level of the direct output.
        let compare =
            "from PIL import Image, ImageChops; import sys; "
            + "print(max(ImageChops.difference(Image.open(sys.argv[1]).convert('RGB'), Image.open(sys.argv[2]).convert('RGB')).getextrema())[1])"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", compare, path("b.png"), path("direct.png")]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 0 {
            XCTAssertLessThanOrEqual(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 99, 1, text)
        }
        r = try ProcessRunner.run(["apply", path("a.exr"), "-o", path("float.exr"), "--depth", "32", "--format", "exr"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertGreaterThan(
            try Data(contentsOf: URL(fileURLWithPath: path("float.exr"))).count,
            try Data(contentsOf: URL(fileURLWithPath: path("a.exr"))).count, "floats take more room than halves")
        r = try ProcessRunner.run(["apply", path("a.exr"), "-o", path("p3.exr"), "--colorspace", "display-p3"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("OpenEXR holds linear values"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("p3.exr")))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path("a.exr")))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path("cut.exr")))
        r = try ProcessRunner.run(["apply", path("cut.exr"), "-o", path("cut.png")])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("truncated OpenEXR"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("cut.png")))
        r = try ProcessRunner.run(["apply", "--help"])
        let help = String(decoding: r.stdout, as: UTF8.self)
        XCTAssertTrue(help.contains("tiff, heif, avif, exr"), help)
    }
}
