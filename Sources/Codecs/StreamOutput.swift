import Foundation
import PixelCore

/// A byte stream written as it is produced to an `OutputFile`: standard output, a device or
/// FIFO directly, or a regular file through a temporary name renamed into place by `commit()`
/// (`abort()` removes it). A reader that closes the pipe gives an I/O error with
/// `brokenPipe` set, not a SIGPIPE. CLI: the output of `lunette video -o out.y4m`.
public final class StreamOutput {
    public let path: String
    public var name: String { output.name }
    /// True once a write failed because the reader closed the pipe (EPIPE).
    public private(set) var brokenPipe = false
    public private(set) var bytesWritten = 0
    let output: OutputFile

    /// Opens the output; SIGPIPE is ignored process-wide from here on (EPIPE is handled).
    public init(path: String) throws {
        signal(SIGPIPE, SIG_IGN)
        self.path = path
        output = try OutputFile(path: path)
    }

    /// Writes all of `bytes`, retrying short writes.
    public func write(_ bytes: [UInt8]) throws {
        let fd = output.fd
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    if errno == EPIPE {
                        brokenPipe = true
                        throw LunetteError.io("\(name): the reader closed the pipe")
                    }
                    throw LunetteError.io("\(name): write failed (\(String(cString: strerror(errno))))")
                }
                done += n
            }
        }
        bytesWritten += bytes.count
    }

    /// Finishes the output (a regular file is flushed and renamed over `path`).
    public func commit() throws { try output.commit() }

    /// Drops a file that was not committed.
    public func abort() { output.abort() }
}
