import Foundation
import PixelCore

/// A byte stream written as it is produced: standard output ("-") directly, or a file
/// written to a temporary name and renamed into place by `commit()` (`abort()` removes it).
/// A reader that closes the pipe gives an I/O error with `brokenPipe` set, not a SIGPIPE.
/// CLI: the output of `lunette video -o out.y4m`.
public final class StreamOutput {
    public let path: String
    public let name: String
    /// True once a write failed because the reader closed the pipe (EPIPE).
    public private(set) var brokenPipe = false
    public private(set) var bytesWritten = 0
    let fd: Int32
    let temporary: String?

    /// Opens the output; SIGPIPE is ignored process-wide from here on (EPIPE is handled).
    public init(path: String) throws {
        signal(SIGPIPE, SIG_IGN)
        self.path = path
        name = path == "-" ? "standard output" : path
        if path == "-" {
            fd = 1; temporary = nil
            return
        }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var template = Array("\(dir)/.\(url.lastPathComponent).XXXXXX.tmp".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw LunetteError.io("\(path): cannot create a file there (\(String(cString: strerror(errno))))") }
        self.fd = fd
        temporary = String(cString: template)
    }

    deinit { abort() }

    /// Writes all of `bytes`, retrying short writes.
    public func write(_ bytes: [UInt8]) throws {
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

    /// Flushes a file to disk and renames it over `path`.
    public func commit() throws {
        guard let tmp = temporary, !closed else { return }
        closed = true
        if fsync(fd) != 0 || close(fd) != 0 {
            let why = String(cString: strerror(errno))
            unlink(tmp)
            throw LunetteError.io("\(path): write failed (\(why))")
        }
        let mask = umask(0); umask(mask)
        chmod(tmp, 0o666 & ~mask)
        if rename(tmp, path) != 0 {
            let why = String(cString: strerror(errno))
            unlink(tmp)
            throw LunetteError.io("\(path): cannot replace the file (\(why))")
        }
    }

    /// Drops a file that was not committed.
    public func abort() {
        guard let tmp = temporary, !closed else { return }
        closed = true
        close(fd)
        unlink(tmp)
    }

    var closed = false
}
