import Foundation
import XCTest

/// The tests' one way to run the `lunette` binary (or a shell pipeline) with files or pipes
/// on its standard streams, never waiting forever: a process still running after `timeout`
/// is killed. `CLIHarness` adds a working folder and text results on top.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        var exited: Bool  // false when ended by a signal (or killed on timeout)
        var timedOut: Bool
        var stdout: Data
        var stderr: String
    }

    static var binary: URL { CLITests.binary }

    /// Writes to a pipe whose reader has exited must fail with EPIPE here, not kill the tests.
    static let ignoreSIGPIPE: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// A process for `executable args` (default: lunette) with piped output, in `directory`,
    /// with `environment` (default: this process's); the caller sets stdin and runs it.
    static func process(
        _ args: [String], executable: URL? = nil, directory: URL? = nil,
        environment: [String: String]? = nil
    ) -> (Process, Pipe, Pipe) {
        let p = Process()
        p.executableURL = executable ?? binary
        p.arguments = args
        if let directory { p.currentDirectoryURL = directory }
        p.environment = environment ?? ProcessInfo.processInfo.environment
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err
        return (p, out, err)
    }

    /// Runs `executable args`; stdin from `stdinFile` or `stdinData` (else empty).
    static func run(
        _ args: [String], executable: URL? = nil, stdinFile: String? = nil, stdinData: Data? = nil,
        directory: URL? = nil, environment: [String: String]? = nil, timeout: Double = 120
    ) throws -> Outcome {
        _ = ignoreSIGPIPE
        let (p, out, err) = process(args, executable: executable, directory: directory, environment: environment)
        var input: Pipe?
        if let stdinFile {
            p.standardInput = FileHandle(forReadingAtPath: stdinFile)
        } else {
            input = Pipe()
            p.standardInput = input
        }
        try p.run()
        nonisolated(unsafe) var o = Data(), e = Data()
        let readers = DispatchGroup()
        DispatchQueue.global().async(group: readers) { o = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: readers) { e = err.fileHandleForReading.readDataToEndOfFile() }
        if let input {
            let data = stdinData ?? Data()
            DispatchQueue.global().async {
                try? input.fileHandleForWriting.write(contentsOf: data)
                try? input.fileHandleForWriting.close()
            }
        }
        let timedOut = !wait(p, timeout)
        readers.wait()
        return Outcome(
            status: p.terminationStatus, exited: p.terminationReason == .exit, timedOut: timedOut,
            stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }

    /// Waits up to `timeout` seconds; kills the process and returns false when it is still running.
    static func wait(_ p: Process, _ timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(20_000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            return false
        }
        p.waitUntilExit()
        return true
    }

    /// Runs a `/bin/bash -o pipefail -c` command line.
    static func shell(_ command: String, timeout: Double = 120) throws -> Outcome {
        try run(["-o", "pipefail", "-c", command], executable: URL(fileURLWithPath: "/bin/bash"), timeout: timeout)
    }

    /// The full path of a program on PATH, or nil.
    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
