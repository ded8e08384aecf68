import Foundation

/// Scratch files for targets whose code under test reads paths (the y4m reader, chain
/// files): one directory per process under /dev/shm (or the temporary directory).
public enum FuzzFiles {
    public static let directory: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let dir = "\(base)/lunette-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzFiles.directory) }
        return dir
    }()

    /// Writes `bytes` to `name` in the scratch directory and returns its path.
    public static func write(_ bytes: [UInt8], as name: String) -> String {
        let path = "\(directory)/\(name)"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
