import Foundation
import TestSupport
import XCTest

/// `lunette try`, `:try` in the REPL and `lunette gallery` end to end.
final class TryGalleryCLITests: ScratchTestCase {
    /// Runs the binary with standard input closed; returns status, output and error text.
    func lunette(_ args: [String], env: [String: String] = [:]) throws -> (status: Int32, stdout: Data, stderr: String) {
        let r = try ProcessRunner.run(args, environment: ProcessInfo.processInfo.environment.merging(env) { $1 })
        return (r.status, r.stdout, r.stderr)
    }

    func text(_ d: Data) -> String { String(decoding: d, as: UTF8.self) }

    /// Width and height from a PNG's IHDR.
    func pngSize(_ path: String) throws -> [Int] {
        let b = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(Array(b.prefix(8)), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], path)
        func u32(_ i: Int) -> Int { b[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        return [u32(16), u32(20)]
    }

    func testTryWritesAPNGWithStockInputsAndOverrides() throws {
        let out = path("sepia.png")
        let r = try lunette(["try", "sepiatone", "intensity=0.5", "--size", "64", "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try pngSize(out), [64, 64])
        XCTAssertTrue(r.stderr.contains("CISepiaTone{intensity = 0.5} on astronaut.png (64×64) → \(out)"), r.stderr)
        let qr = try lunette(["try", "CIQRCodeGenerator", "message=hello", "--size", "100", "-o", path("qr.png")])
        XCTAssertEqual(qr.status, 0, qr.stderr)
        let side = try pngSize(path("qr.png"))
        XCTAssertEqual(side[0], side[1])
        XCTAssertTrue((50...100).contains(side[0]), "QR enlarged to fit the 100-pixel canvas: \(side)")
    }

    func testTryShowsInlineAndReportsErrors() throws {
        let r = try lunette(["try", "CIColorInvert", "--size", "32", "--width", "16"], env: ["LUNETTE_PREVIEW": "blocks"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let shown = text(r.stdout)
        XCTAssertEqual(shown.components(separatedBy: "▀").count - 1, 16 * 8, "16 columns × 8 rows of half blocks")
        // The caption names the photo and the inputs used (it was the filter's Lua text: `Image ∞`).
        XCTAssertTrue(shown.hasSuffix("\nCIColorInvert{} on astronaut.png (32×32)\n"), shown)
        let exposure = try lunette(["try", "CIExposureAdjust", "--size", "32", "--width", "16"], env: ["LUNETTE_PREVIEW": "off"])
        XCTAssertEqual(text(exposure.stdout), "CIExposureAdjust{EV = 1} on astronaut.png (32×32)\n", "a visible sample EV")
        let bad = try lunette(["try", "CIGaussianBlur", "radius=abc", "-o", path("x.png")])
        XCTAssertEqual(bad.status, 3)
        XCTAssertTrue(bad.stderr.contains("inputRadius"), bad.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("x.png")))
        let unknown = try lunette(["try", "CIGausianBlur"])
        XCTAssertEqual(unknown.status, 3)
        XCTAssertTrue(unknown.stderr.contains("did you mean CIGaussianBlur"), unknown.stderr)
        let syntax = try lunette(["try", "CIGaussianBlur", "radius"])
        XCTAssertNotEqual(syntax.status, 0)
        XCTAssertTrue(syntax.stderr.contains("expected key=value"), syntax.stderr)
    }

    func testAssetsFolderCanBeChosen() throws {
        let photos = dir.appendingPathComponent("assets/photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.coffee, toPath: photos.appendingPathComponent("astronaut.png").path)
        let r = try lunette(
            ["try", "CIColorInvert", "-o", path("inv.png")], env: ["LUNETTE_ASSETS": dir.appendingPathComponent("assets").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try pngSize(path("inv.png")), [600, 400], "the coffee photo stood in for the astronaut")
    }

    func testGalleryPageAndSheetForChosenFilters() throws {
        let out = path("g")
        let r = try lunette([
            "gallery", "-o", out, "--sheet", path("sheet.png"), "--size", "48", "--render-size", "96",
            "--only", "CISepiaTone", "--only", "tileeffect", "--only", "CIColorMap",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        let cards = html.components(separatedBy: "data-filter=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(cards.count, Set(cards).count, "each filter once")
        XCTAssertTrue(cards.contains("CISepiaTone") && cards.contains("CIColorMap") && cards.contains("CIAffineTile"), "\(cards)")
        XCTAssertFalse(cards.contains("CIGaussianBlur"))
        XCTAssertTrue(r.stderr.contains("gallery: \(cards.count) filters"), r.stderr)
        for name in cards
        where !html.contains("id=\"\(name)\" data-filter=\"\(name)\">\n<div class=\"top\"><div class=\"nothumb\"") {
            XCTAssertLessThanOrEqual(try pngSize(out + "/thumbs/\(name).png").max()!, 48, name)
        }
        let sheet = try pngSize(path("sheet.png"))
        XCTAssertEqual(sheet[0], 2 * 12 + 10 * 104 - 8)
        let none = try lunette(["gallery"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("give -o DIR, --sheet FILE.png, or both"), none.stderr)
        let typo = try lunette(["gallery", "-o", out, "--only", "CISepiaTon"])
        XCTAssertEqual(typo.status, 1)
        XCTAssertTrue(typo.stderr.contains("did you mean CISepiaTone"), typo.stderr)
    }

    func testGalleryWithAFailingFilterExitsNonZeroAndStillWritesThePage() throws {
        let plugins = path("config/lunette/plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try """
        return lunette.filter {
          name = "XAlwaysFails", categories = {"CICategoryStylize"}, inputs = {inputImage = {class = "CIImage"}},
          apply = function(f) error("broken on purpose") end,
        }
        """.write(toFile: plugins + "/fails.lua", atomically: true, encoding: .utf8)
        let out = path("g")
        let r = try lunette(
            ["gallery", "-o", out, "--size", "32", "--render-size", "64", "--only", "XAlwaysFails", "--only", "CISepiaTone"],
            env: ["XDG_CONFIG_HOME": path("config")])
        XCTAssertNotEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("XAlwaysFails failed") && r.stderr.contains("1 failed"), r.stderr)
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        XCTAssertTrue(html.contains("card failed"), "the failure is marked on the page")
    }

    func testReplTryLeavesTheFilterInUnderscore() throws {
        let tty = try PseudoTerminal(
            CLITests.binary,
            environment: [
                "XDG_STATE_HOME": path("state"), "XDG_CONFIG_HOME": path("config"),
                "LUNETTE_PREVIEW": "blocks", "TERM": "xterm-256color", "NO_COLOR": "1", "COLUMNS": "40",
            ])
        XCTAssertTrue(tty.waitFor("> "), tty.output)
        var mark = tty.output.count
        tty.send("stock.size = 32\r")
        tty.send(":try CIVortexDistortion angle=math.pi center=Vector(16, 16)\r")
        XCTAssertTrue(tty.waitFor("▀", after: mark), tty.output)
        XCTAssertTrue(
            tty.waitFor(
                "CIVortexDistortion{center = Vector(16, 16), radius = 18.75, angle = 3.141592653589793} on astronaut.png (32×32)",
                after: mark), tty.output.debugDescription)
        XCTAssertTrue(tty.waitFor("_ = Filter(\"CIVortexDistortion\")", after: mark), tty.output)
        XCTAssertTrue(tty.reply(to: "_.inputCenter, _.inputAngle == math.pi\r", contains: "Vector(16, 16)\ttrue"), tty.output)
        XCTAssertTrue(tty.reply(to: ":try CIGaussianBlur radius=-1\r", contains: "inputRadius"), tty.output)
        tty.send(":quit\r")
        XCTAssertEqual(tty.finish(), 0)
    }
}
