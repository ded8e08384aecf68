import CProcess
import Foundation
import PixelCore

/// An open output: a temporary file beside the target for `.replace` (renamed into place by
/// `commit()`, removed by `abort()` and by SIGINT/SIGTERM/SIGHUP, locked while open so that a
/// later run can tell one left by SIGKILL), or the target itself for
/// standard output, devices, FIFOs and sockets (written directly, streaming).
/// Used by `AtomicFile.write` (images) and `StreamOutput` (`lunette video -o`).
public final class OutputFile {
    public let target: OutputTarget
    /// The path as the user gave it, for messages.
    public let name: String
    public let fd: Int32
    let temporary: String?
    var slot: Int32 = -1
    var closed = false

    public init(path: String) throws {
        target = try OutputTarget(path: path)
        name = path == "-" ? "standard output" : path
        if case .replace = target {} else { signal(SIGPIPE, SIG_IGN) }  // a closed reader is EPIPE, an I/O error
        switch target {
        case .standardOutput:
            fd = 1; temporary = nil
        case .stream(let p):
            fd = open(p, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            temporary = nil
            guard fd >= 0 else { throw LunetteError.io("\(name): cannot open for writing (\(Self.errnoText()))") }
        case .socket(let p):
            fd = try Self.connect(p, name: path)
            temporary = nil
        case .replace(let p):
            let url = URL(fileURLWithPath: p)
            let dir = url.deletingLastPathComponent().path
            StaleTemporaries.sweep(dir)
            var template = Array("\(dir)/.\(url.lastPathComponent)\(StaleTemporaries.marker)XXXXXX.tmp".utf8CString)
            var registered: Int32 = -1
            fd = template.withUnsafeMutableBufferPointer { lunette_cleanup_create($0.baseAddress!, 4, &registered) }
            guard fd >= 0 else { throw LunetteError.io("\(name): cannot create a file there (\(Self.errnoText()))") }
            temporary = String(cString: template)
            slot = registered
        }
    }

    deinit { abort() }

    /// Finishes the output: a temporary file is flushed to disk and renamed over its target.
    public func commit() throws {
        guard !closed else { return }
        closed = true
        guard let tmp = temporary, case .replace(let path) = target else {
            if fd != 1, close(fd) != 0 { throw LunetteError.io("\(name): write failed (\(Self.errnoText()))") }
            return
        }
        // The descriptor (and with it the temporary's lock) stays open until the rename.
        defer { lunette_cleanup_remove(slot); close(fd) }
        if fsync(fd) != 0 {
            let why = Self.errnoText()
            unlink(tmp)
            throw LunetteError.io("\(name): write failed (\(why))")
        }
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if rename(tmp, path) != 0 {
            let why = Self.errnoText()
            unlink(tmp)
            throw LunetteError.io("\(name): cannot replace the file (\(why))")
        }
    }

    /// Drops an unfinished output: the temporary file goes, the target stays as it was.
    public func abort() {
        guard !closed else { return }
        closed = true
        if let tmp = temporary {
            unlink(tmp)
            lunette_cleanup_remove(slot)
        }
        if fd != 1 { close(fd) }
    }

    static func connect(_ path: String, name: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LunetteError.io("\(name): \(errnoText())") }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else {
            close(fd); throw LunetteError.io("\(name): socket path too long")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { $0.copyBytes(from: bytes) }
        let ok = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard ok == 0 else {
            let why = errnoText()
            close(fd)
            throw LunetteError.io("\(name): cannot connect to the socket (\(why))")
        }
        return fd
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
