import Foundation

/// Terminal facts and output helpers for the command-line front ends.
public enum Terminal {
    /// True when the file descriptor is a terminal.
    public static func isTTY(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// Columns to wrap and cut text at: standard output's terminal width, 80 when it is not a terminal.
    public static var width: Int {
        var size = winsize()
        if isatty(1) != 0, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Writes one line to standard error.
    public static func error(_ line: String) {
        FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
    }
}
