import Foundation
import TestSupport
import XCTest

/// `make package` with the binary under test: the .deb's control fields and Depends (from
/// the libraries it links) and its files. Skips without dpkg-deb or dpkg-shlibdeps.
final class PackageTests: ScratchTestCase {
    func testDebianPackageHoldsEverythingAndDependsOnWhatItLinks() throws {
        try InstallHarness.require("make", "dpkg-deb", "dpkg-shlibdeps")
        try InstallHarness.requireGenerateManual()
        let env = InstallHarness.cleanEnvironment(config: dir.appendingPathComponent("config").path)
        let out = dir.appendingPathComponent("pkg").path
        // The debug binary links the Swift toolchain's runtime, which no Debian package provides.
        let made = try InstallHarness.make(
            ["package", "PACKAGE_DIR=\(out)", "DEB_COMPRESS=none", "LUNETTE_DEB_UNPACKAGED=1"], env: env)
        XCTAssertEqual(made.status, 0, made.stderr)
        let version = try InstallHarness.run(CLITests.binary.path, ["--version"], in: dir.path, env: env).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "lunette ", with: "")
        let debs = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".deb") }
        XCTAssertEqual(debs.count, 1, "\(debs)")
        guard let deb = debs.first.map({ out + "/" + $0 }) else { return }
        XCTAssertTrue(deb.hasSuffix("/lunette_\(version)_amd64.deb") || deb.hasSuffix("/lunette_\(version)_arm64.deb"), deb)

        let info = try InstallHarness.run(InstallHarness.which("dpkg-deb")!, ["--info", deb], in: dir.path, env: env)
        XCTAssertEqual(info.status, 0, info.stderr)
        XCTAssertTrue(info.stdout.contains(" Package: lunette\n") && info.stdout.contains(" Version: \(version)\n"), info.stdout)
        let depends = info.stdout.split(separator: "\n").first { $0.hasPrefix(" Depends: ") } ?? ""
        for library in [
            "libc6", "liblua5.4-0", "libpng16-16", "libedit2", "libzint", "libjpeg62-turbo", "libwebp",
            "libtiff", "libheif", "liblcms2", "zlib1g", "libopenexr", "libfreetype6", "libharfbuzz0b",
            "libfontconfig1",
        ] {
            XCTAssertTrue(depends.contains(library), "\(library) in \(depends)")
        }
        XCTAssertFalse(depends.contains("swift"), "\(depends)")

        let contents = try InstallHarness.run(InstallHarness.which("dpkg-deb")!, ["--contents", deb], in: dir.path, env: env)
        XCTAssertEqual(contents.status, 0, contents.stderr)
        for file in [
            "./usr/bin/lunette", "./usr/share/lunette/photos/astronaut.png", "./usr/share/lunette/photos/LICENSE.md",
            "./usr/share/man/man1/lunette.1.gz", "./usr/share/man/man1/lunette.try.1.gz",
            "./usr/share/bash-completion/completions/lunette", "./usr/share/zsh/vendor-completions/_lunette",
            "./usr/share/fish/vendor_completions.d/lunette.fish", "./usr/share/doc/lunette/copyright",
        ] {
            XCTAssertTrue(contents.stdout.contains(" \(file)\n"), file)
        }
        XCTAssertFalse(contents.stdout.contains("install-manifest"), "dpkg keeps its own list")
        XCTAssertTrue(contents.stdout.contains("root/root"), "files owned by root")
    }
}
