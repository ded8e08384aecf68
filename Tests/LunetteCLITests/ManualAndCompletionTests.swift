import Foundation
import TestSupport
import XCTest

/// The manual pages and shell completions `make install` writes: each page says what the
/// command's --help says (both come from the command's definition), and filter names
/// complete after `try`, `describe` and `-f`.
final class ManualAndCompletionTests: ScratchTestCase {
    var env: [String: String] { InstallHarness.cleanEnvironment(config: dir.appendingPathComponent("config").path) }

    func lunette(_ args: [String]) throws -> InstallHarness.Result {
        try InstallHarness.run(CLITests.binary.path, args, in: dir.path, env: env)
    }

    /// The subcommands `lunette --help` lists.
    func subcommands() throws -> [String] {
        let help = try lunette(["--help"]).stdout
        let section = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" }
    }

    /// A help line naming an option: `  --json`, `  -o, --output <output>`.
    let optionLine = try! Regex("^  (?:-\\w, )?(--[a-z][a-z0-9-]*)")

    /// Whitespace runs as single spaces.
    func squeeze(_ s: String) -> String { s.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    func testEveryManualPageAgreesWithHelp() throws {
        try InstallHarness.require("make")
        try InstallHarness.requireGenerateManual()
        let dest = dir.appendingPathComponent("dest").path
        let install = try InstallHarness.make(["install", "DESTDIR=\(dest)", "PREFIX=/opt/lunette"], env: env)
        XCTAssertEqual(install.status, 0, install.stderr)
        let man = dest + "/opt/lunette/share/man/man1/"
        let commands = try subcommands()
        XCTAssertEqual(
            commands, ["run", "apply", "video", "filters", "describe", "try", "gallery", "serve", "batch", "bench", "repl"])
        for command in [nil] + commands.map(Optional.some) {
            let page = try String(contentsOfFile: man + (command.map { "lunette.\($0).1" } ?? "lunette.1"), encoding: .utf8)
            // In ASCII, as the manual is generated (generate-manual drops other characters).
            let help = try InstallHarness.run(
                Fixtures.path("scripts/install/ascii-help.sh"),
                [CLITests.binary.path] + (command.map { [$0] } ?? []) + ["--help"], in: dir.path, env: env
            ).stdout
            let overview = help.components(separatedBy: "OVERVIEW: ").last!.components(separatedBy: "\n\n")[0]
            XCTAssertTrue(page.contains(".Nd \"\(squeeze(overview))\""), "\(command ?? "lunette"): \(overview)")
            let options = Set(
                help.split(separator: "\n").compactMap { line in
                    line.firstMatch(of: optionLine).map { String($0.output[1].substring ?? "") }
                })
            XCTAssertFalse(options.isEmpty, command ?? "lunette")
            for option in options {
                XCTAssertTrue(page.contains("Fl -\(option.dropFirst(2))"), "\(command ?? "lunette"): \(option) not in the manual")
            }
        }
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: man).filter { $0.hasSuffix(".1") }.count,
            commands.count + 3, "lunette.1, one per subcommand, lunette.batch.status.1 and lunette.help.1")
    }

    func testCompletionScriptsCompleteFilterNames() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try lunette(["--generate-completion-script", shell])
            XCTAssertEqual(script.status, 0, script.stderr)
            for command in ["try", "describe", "apply", "video"] {
                XCTAssertTrue(script.stdout.contains("---completion \(command) -- "), "\(shell): \(command)")
            }
        }
        // What the scripts ask: the command, the argument, the word's index and the cursor in it.
        let sepia = try lunette(["---completion", "try", "--", "positional@0", "2", "3", "lunette", "try", "sep"])
        XCTAssertEqual(sepia.stdout, "sepiaTone\n", "spelled as typed, so bash's compgen keeps it")
        let blur = try lunette(["---completion", "describe", "--", "positional@0", "2", "7", "lunette", "describe", "CIGauss"])
        XCTAssertEqual(blur.stdout, "CIGaussianBlur\nCIGaussianGradient\n")
        let step = try lunette(["---completion", "apply", "--", "--filter", "3", "5", "lunette", "apply", "-f", "gauss"])
        XCTAssertEqual(step.stdout, "gaussianBlur\ngaussianGradient\n")
        let all = try lunette(["---completion", "try", "--", "positional@0", "2", "0", "lunette", "try", ""])
        XCTAssertGreaterThan(all.stdout.split(separator: "\n").count, 100)
        let dump = try lunette(["--experimental-dump-help"])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertTrue(dump.stdout.contains("\"serializationVersion\""), String(dump.stdout.prefix(200)))
    }

    /// Plugins' filters complete too (the registry, not a fixed list).
    func testPluginFilterNamesComplete() throws {
        let plugins = dir.appendingPathComponent("config/lunette/plugins").path
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try """
        return lunette.filter {
          name = "XCompletedPlugin", categories = {"CICategoryStylize"}, inputs = {inputImage = {class = "CIImage"}},
          apply = function(f) return f.inputImage end,
        }
        """.write(toFile: plugins + "/completed.lua", atomically: true, encoding: .utf8)
        let r = try lunette(["---completion", "try", "--", "positional@0", "2", "4", "lunette", "try", "XCom"])
        XCTAssertEqual(r.stdout, "XCompletedPlugin\n", r.stderr)
    }
}
