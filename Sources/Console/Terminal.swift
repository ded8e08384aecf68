import Foundation

/// Terminal facts and output helpers for the command-line front ends.
public enum Terminal {
    /// True when the file descriptor is a terminal.
    public static func isTTY(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// Writes one line to standard error.
    public static func error(_ line: String) {
        FileHandle.standardError.write((line + "\n").data(using: .utf8)!)
    }
}
