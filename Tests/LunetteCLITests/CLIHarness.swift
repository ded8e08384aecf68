import Foundation
import TestSupport
import XCTest

/// Runs the built `lunette` binary for the hardening tests: arguments, environment, an
/// optional shell prefix (`ulimit -f 8; trap '' XFSZ`), and a working directory.
struct CLIHarness {
    struct Result { var status: Int32; var stdout: String; var stderr: String }

    let dir: URL

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }

    /// Starts lunette (or `executable`; through `/bin/sh -c` when `shell` is given) without
    /// waiting; `environment` replaces this process's environment instead of adding `env` to it.
    func start(
        _ args: [String], shell: String? = nil, env: [String: String] = [:], executable: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let (p, out, err) = process(args, shell: shell, env: env, executable: executable, environment: environment)
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return (p, out, err)
    }

    func process(
        _ args: [String], shell: String?, env: [String: String], executable: URL?,
        environment: [String: String]?
    ) -> (Process, Pipe, Pipe) {
        let (exe, words) = invocation(args, shell: shell, executable: executable)
        return ProcessRunner.process(words, executable: exe, directory: dir, environment: merged(env, environment))
    }

    @discardableResult
    func run(
        _ args: [String], shell: String? = nil, env: [String: String] = [:], executable: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> Result {
        let (exe, words) = invocation(args, shell: shell, executable: executable)
        let r = try ProcessRunner.run(words, executable: exe, directory: dir, environment: merged(env, environment))
        return Result(status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self), stderr: r.stderr)
    }

    /// lunette (or `executable`) with `args`, through `/bin/sh -c` when a `shell` prefix is given.
    func invocation(_ args: [String], shell: String?, executable: URL?) -> (URL?, [String]) {
        guard let shell else { return (executable, args) }
        return (URL(fileURLWithPath: "/bin/sh"), ["-c", shell + "; exec \"$0\" \"$@\"", CLITests.binary.path] + args)
    }

    func merged(_ env: [String: String], _ environment: [String: String]?) -> [String: String] {
        environment ?? ProcessInfo.processInfo.environment.merging(env) { $1 }
    }

    /// Files in the folder whose names look like AtomicFile's temporaries.
    func temporaries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    func assert(_ r: Result, exits status: Int32, saying text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, status, r.stderr, file: file, line: line)
        XCTAssertTrue(r.stderr.contains(text), "expected '\(text)' in: \(r.stderr)", file: file, line: line)
    }
}
