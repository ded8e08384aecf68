import Foundation
import TestSupport
import XCTest

/// Runs `make` targets of the checkout and programs in a chosen folder with a chosen
/// environment, for the install and package tests.
enum InstallHarness {
    typealias Result = CLIHarness.Result

    /// The environment of this process without the variables that would let an installed
    /// binary find the checkout's data (LUNETTE_ASSETS) or user plugins.
    static func cleanEnvironment(config: String) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["LUNETTE_ASSETS"] = nil
        env["MAKEFLAGS"] = nil
        env["MFLAGS"] = nil
        env["XDG_CONFIG_HOME"] = config
        return env
    }

    /// The full path of `tool` on PATH, if any.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Skips the test with a message unless every tool is on PATH.
    static func require(_ tools: String...) throws {
        for tool in tools where which(tool) == nil { throw XCTSkip("\(tool) not found: install it to run this test") }
    }

    /// The generate-manual tool `make test` builds (`make generate-manual`); skips without it.
    static func requireGenerateManual() throws {
        let tool = Fixtures.path(".build/tools/debug/generate-manual")
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw XCTSkip("\(tool) not built: run `make generate-manual` (make test does)")
        }
    }

    /// `make -C <checkout> <arguments>` (BIN= the tested binary, so nothing is built).
    static func make(_ arguments: [String], env: [String: String]) throws -> Result {
        try run(
            which("make")!, ["--no-print-directory", "-C", Fixtures.root.path, "BIN=\(CLITests.binary.path)"] + arguments,
            in: Fixtures.root.path, env: env)
    }

    /// `executable arguments` in `directory`, with exactly the environment `env`.
    static func run(_ executable: String, _ arguments: [String], in directory: String, env: [String: String]) throws -> Result {
        try CLIHarness(dir: URL(fileURLWithPath: directory))
            .run(arguments, executable: URL(fileURLWithPath: executable), environment: env)
    }

    /// Every path below `root` (relative, sorted), for comparing a tree before and after.
    static func tree(_ root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
    }
}
