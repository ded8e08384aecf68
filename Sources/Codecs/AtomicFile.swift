import Foundation
import PixelCore

/// Writes files atomically: a temporary file in the target's folder, renamed over the
/// target only after everything succeeded; on failure the temporary file is removed.
public enum AtomicFile {
    /// Runs `body` on a stdio stream; `path` "-" means standard output (buffered first).
    public static func write(to path: String, _ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        if path == "-" { return try writeStdout(body) }
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var template = Array("\(dir)/.\(url.lastPathComponent).XXXXXX.tmp".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw LunetteError.io("\(path): cannot create a file there (\(errnoText()))") }
        let tmp = String(cString: template)
        Pending.add(tmp)
        defer { Pending.remove(tmp) }
        guard let file = fdopen(fd, "wb") else {
            close(fd); unlink(tmp)
            throw LunetteError.io("\(path): \(errnoText())")
        }
        do {
            try body(file)
            if fflush(file) != 0 || fsync(fd) != 0 { throw LunetteError.io("\(path): write failed (\(errnoText()))") }
        } catch {
            fclose(file); unlink(tmp)
            throw error
        }
        if fclose(file) != 0 { unlink(tmp); throw LunetteError.io("\(path): write failed (\(errnoText()))") }
        fchmodDefault(tmp)
        if rename(tmp, path) != 0 {
            let why = errnoText()
            unlink(tmp)
            throw LunetteError.io("\(path): cannot replace the file (\(why))")
        }
    }

    static func writeStdout(_ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        guard let file = tmpfile() else { throw LunetteError.io("cannot create a temporary file (\(errnoText()))") }
        defer { fclose(file) }
        try body(file)
        fflush(file)
        rewind(file)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n == 0 { break }
            if fwrite(buffer, 1, n, stdout) != n { throw LunetteError.io("standard output: write failed (\(errnoText()))") }
        }
        if fflush(stdout) != 0 { throw LunetteError.io("standard output: write failed (\(errnoText()))") }
    }

    /// mkstemp creates 0600 files; give the result the usual 0644 less the umask.
    static func fchmodDefault(_ path: String) {
        let mask = umask(0); umask(mask)
        chmod(path, 0o666 & ~mask)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// Reads a whole file ("-" = standard input).
    public static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        guard let f = fopen(path, "rb") else { throw LunetteError.io("\(path): \(errnoText())") }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n > 0 { out.append(contentsOf: buffer[0..<n]) }
            if n < buffer.count {
                if ferror(f) != 0 { throw LunetteError.io("\(path): read failed (\(errnoText()))") }
                break
            }
        }
        return out
    }
}
