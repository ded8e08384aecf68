import Foundation
import PixelCore

/// What an output path names, decided before anything is written: only regular files and new
/// paths are written to a temporary file and renamed into place; a symlink is followed (its
/// target is replaced, the link stays); devices, FIFOs and sockets are written directly, so
/// `-o /dev/stdout` or `-o fifo.png` never replaces the node.
public enum OutputTarget: Equatable, Sendable {
    /// `-`: the process's standard output.
    case standardOutput
    /// A character or block device or a FIFO: opened for writing as it is.
    case stream(String)
    /// A Unix-domain socket: connected to and written to.
    case socket(String)
    /// A regular file or a path that does not exist yet (symlinks resolved).
    case replace(String)

    /// Resolves `path` (following symlinks up to 40 deep); a folder is an I/O error.
    public init(path: String) throws {
        if path == "-" { self = .standardOutput; return }
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0 else {
                if errno == ENOENT { self = .replace(current); return }
                throw LunetteError.io("\(path): \(String(cString: strerror(errno)))")
            }
            switch st.st_mode & S_IFMT {
            case S_IFLNK: current = try Self.linkTarget(current, original: path)
            case S_IFREG: self = .replace(current); return
            case S_IFDIR: throw LunetteError.io("\(path): is a folder, not a file")
            case S_IFSOCK: self = .socket(current); return
            default: self = .stream(current); return
            }
        }
        throw LunetteError.io("\(path): too many levels of symbolic links")
    }

    /// Where the symlink at `link` points, relative targets taken from the link's folder.
    static func linkTarget(_ link: String, original: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(link, &buffer, buffer.count - 1)
        guard n >= 0 else { throw LunetteError.io("\(original): \(String(cString: strerror(errno)))") }
        let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if target.hasPrefix("/") { return target }
        let dir = (link as NSString).deletingLastPathComponent
        return dir.isEmpty ? target : dir + "/" + target
    }

    /// True for standard output, devices, FIFOs and sockets: written as a stream, never renamed over.
    public var isStream: Bool {
        if case .replace = self { return false }
        return true
    }

    /// How the command line names this output in messages.
    public var name: String {
        switch self {
        case .standardOutput: return "standard output"
        case .stream(let p), .socket(let p), .replace(let p): return p
        }
    }
}
