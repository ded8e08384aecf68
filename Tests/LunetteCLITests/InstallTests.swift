import Foundation
import TestSupport
import XCTest

/// `make install` into a temporary DESTDIR, the installed copy run where the checkout is out
/// of reach (its own folder under /tmp, no LUNETTE_ASSETS), then `make uninstall`. Uses the
/// binary under test (debug), so nothing is built; skips without make or generate-manual.
final class InstallTests: ScratchTestCase {
    var env: [String: String] { InstallHarness.cleanEnvironment(config: path("config")) }

    func testInstalledCopyRunsAwayFromTheCheckoutAndUninstallLeavesThePrefixAsItWas() throws {
        try InstallHarness.require("make")
        try InstallHarness.requireGenerateManual()
        let dest = path("dest"), prefix = dest + "/usr/local"
        // A prefix with something in it already: uninstall must leave it, and bin/, alone.
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try "mine\n".write(toFile: prefix + "/bin/other-tool", atomically: true, encoding: .utf8)
        let before = InstallHarness.tree(dest)

        for _ in 1...2 {  // installing over an install keeps one manifest of both
            let install = try InstallHarness.make(["install", "DESTDIR=\(dest)"], env: env)
            XCTAssertEqual(install.status, 0, install.stderr)
        }
        for file in [
            "bin/lunette", "share/lunette/photos/astronaut.png", "share/lunette/photos/LICENSE.md",
            "share/lunette/examples/showcase.lua", "share/man/man1/lunette.1", "share/man/man1/lunette.try.1",
            "share/bash-completion/completions/lunette", "share/zsh/site-functions/_lunette",
            "share/fish/vendor_completions.d/lunette.fish",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prefix + "/" + file), file)
        }

        let work = path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        let lunette = prefix + "/bin/lunette"
        func run(_ args: [String]) throws -> InstallHarness.Result { try InstallHarness.run(lunette, args, in: work, env: env) }

        let version = try run(["--version", "-v"])
        XCTAssertTrue(version.stdout.contains("data \(prefix)/share/lunette (installed)"), version.stdout)
        let tried = try run(["try", "sepiatone", "--size", "32", "-o", "sepia.png"])
        XCTAssertEqual(tried.status, 0, tried.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/sepia.png"))
        let bad = try run(["try", "CIGaussianBlur", "radius=abc", "-o", "x.png"])
        XCTAssertEqual(bad.status, 3, bad.stderr)
        XCTAssertFalse(bad.stderr.contains("traceback"), "try errors are one line: \(bad.stderr)")
        let gallery = try run([
            "gallery", "-o", "g", "--size", "32", "--render-size", "32", "--only", "CISepiaTone", "--only", "CIColorInvert",
        ])
        XCTAssertEqual(gallery.status, 0, gallery.stderr)
        XCTAssertTrue(gallery.stderr.contains("gallery: 2 filters, 0 failed"), gallery.stderr)
        let described = try run(["describe", "gaussianblur"])
        XCTAssertEqual(described.status, 0, described.stderr)
        XCTAssertTrue(described.stdout.contains("inputRadius"), described.stdout)
        try "local img = stock.image('astronaut')\nimg:save(arg[1])\nprint(('%dx%d'):format(img.width, img.height))\n"
            .write(toFile: work + "/script.lua", atomically: true, encoding: .utf8)
        let script = try run(["script.lua", "astronaut.png"])
        XCTAssertEqual(script.status, 0, script.stderr)
        XCTAssertEqual(script.stdout, "512x512\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/astronaut.png"))

        let uninstall = try InstallHarness.make(["uninstall", "DESTDIR=\(dest)"], env: env)
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(InstallHarness.tree(dest), before, "uninstall removes exactly what install added")
        let again = try InstallHarness.make(["uninstall", "DESTDIR=\(dest)"], env: env)
        XCTAssertNotEqual(again.status, 0)
        XCTAssertTrue(again.stderr.contains("nothing installed"), again.stderr)
    }

    /// The first symptom: a binary copied away from its data. Errors are one line,
    /// no traceback, and the gallery fails with them.
    func testCopiedBinaryWithoutDataFailsInOneLine() throws {
        let bin = path("bare/bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLITests.binary.path, toPath: bin + "/lunette")
        let tried = try InstallHarness.run(bin + "/lunette", ["try", "CIBloom", "-o", "b.png"], in: dir.path, env: env)
        XCTAssertNotEqual(tried.status, 0)
        XCTAssertTrue(tried.stderr.contains("no data folder found"), tried.stderr)
        XCTAssertFalse(tried.stderr.contains("traceback"), tried.stderr)
        XCTAssertEqual(tried.stderr.split(separator: "\n").count, 1, tried.stderr)
        let gallery = try InstallHarness.run(
            bin + "/lunette", ["gallery", "-o", "g", "--size", "16", "--only", "CIBloom"],
            in: dir.path, env: env)
        XCTAssertNotEqual(gallery.status, 0, gallery.stderr)
        XCTAssertTrue(gallery.stderr.contains("1 failed"), gallery.stderr)
    }
}
