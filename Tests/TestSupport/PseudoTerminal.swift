import Foundation

/// Runs a program on a pseudo-terminal so that it sees a real TTY; tests type into it and
/// wait for text on its screen output.
public final class PseudoTerminal {
    let master: Int32
    let process = Process()
    public private(set) var output = ""

    /// `removing` names variables of this process's environment the program must not see.
    public init(
        _ executable: URL, arguments: [String] = [], environment: [String: String] = [:],
        removing: [String] = [], rows: UInt16 = 40, columns: UInt16 = 100
    ) throws {
        var m: Int32 = 0, s: Int32 = 0
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&m, &s, nil, nil, &size) == 0 else { throw POSIXError(.ENOTTY) }
        master = m
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .filter { !removing.contains($0.key) }
        let slave = FileHandle(fileDescriptor: s, closeOnDealloc: true)
        process.standardInput = slave
        process.standardOutput = slave
        process.standardError = slave
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    /// Types text (use "\r" for Enter, "\t" for Tab, "\u{1b}[A" for the up arrow).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `text` appears after `from` (an offset into `output`) or the timeout passes.
    @discardableResult
    public func waitFor(_ text: String, after from: Int = 0, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if String(output.dropFirst(from)).contains(text) { return true }
            var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&fds, 1, 100) > 0 else { if !process.isRunning { break } else { continue } }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            output += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        return String(output.dropFirst(from)).contains(text)
    }

    /// Types `input` and reads until `expected` appears in what follows (or the timeout
    /// passes). Swift: `XCTAssertTrue(tty.reply(to: "_1 * 14\r", contains: "42"), tty.output)`
    @discardableResult
    public func reply(to input: String, contains expected: String, timeout: Double = 20) -> Bool {
        let mark = output.count
        send(input)
        return waitFor(expected, after: mark, timeout: timeout)
    }

    /// Waits for the process to end (at most `timeout` seconds); returns its status.
    public func finish(timeout: Double = 20) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { waitFor("\u{0}", timeout: 0.2) }
        return process.isRunning ? nil : process.terminationStatus
    }
}
