import Foundation
import PixelCore

/// Writes outputs safely (see `OutputTarget`): a regular file is written to a temporary file
/// in its folder and renamed over it only after everything succeeded; standard output, devices,
/// FIFOs and sockets are written directly. On failure nothing replaces the target.
public enum AtomicFile {
    /// Runs `body` on a stdio stream for `path` ("-" means standard output).
    public static func write(to path: String, _ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        let output = try OutputFile(path: path)
        let copy = dup(output.fd)
        guard copy >= 0, let file = fdopen(copy, "wb") else {
            if copy >= 0 { close(copy) }
            output.abort()
            throw LunetteError.io("\(output.name): \(errnoText())")
        }
        do {
            try body(file)
            if fflush(file) != 0 { throw LunetteError.io("\(output.name): write failed (\(errnoText()))") }
        } catch {
            fclose(file); output.abort()
            throw error
        }
        if fclose(file) != 0 { output.abort(); throw LunetteError.io("\(output.name): write failed (\(errnoText()))") }
        try output.commit()
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
