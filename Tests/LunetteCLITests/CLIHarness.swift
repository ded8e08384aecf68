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
    func start(_ args: [String], shell: String? = nil, env: [String: String] = [:], executable: URL? = nil,
               environment: [String: String]? = nil) throws -> (Process, Pipe, Pipe) {
        let (p, out, err) = process(args, shell: shell, env: env, executable: executable, environment: environment)
        p.standardInput = FileHandle.nullDevice
        try p.run()
        return (p, out, err)
    }

    func process(_ args: [String], shell: String?, env: [String: String], executable: URL?,
                 environment: [String: String]?) -> (Process, Pipe, Pipe) {
        let merged = environment ?? ProcessInfo.processInfo.environment.merging(env) { $1 }
        if let shell {
            return ProcessRunner.process(["-c", shell + "; exec \"$0\" \"$@\"", CLITests.binary.path] + args,
                                         executable: URL(fileURLWithPath: "/bin/sh"), directory: dir, environment: merged)
        }
        return ProcessRunner.process(args, executable: executable, directory: dir, environment: merged)
    }

    @discardableResult
    func run(_ args: [String], shell: String? = nil, env: [String: String] = [:], executable: URL? = nil,
             environment: [String: String]? = nil) throws -> Result {
        let merged = environment ?? ProcessInfo.processInfo.environment.merging(env) { $1 }
        let r: ProcessRunner.Outcome
        if let shell {
            r = try ProcessRunner.run(["-c", shell + "; exec \"$0\" \"$@\"", CLITests.binary.path] + args,
                                      executable: URL(fileURLWithPath: "/bin/sh"), directory: dir, environment: merged)
        } else {
            r = try ProcessRunner.run(args, executable: executable, directory: dir, environment: merged)
        }
        return Result(status: r.status, stdout: String(decoding: r.stdout, as: UTF8.self), stderr: r.stderr)
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
