import Foundation

/// Temporary outputs are named `.NAME.lunette-XXXXXX.tmp`. One left behind by SIGKILL (or a
/// power cut) is removed by the next run that writes into the same folder once it is a day old
/// (a younger one may belong to a run still in progress).
enum StaleTemporaries {
    static let marker = ".lunette-"
    static let maxAge: TimeInterval = 24 * 3600
    nonisolated(unsafe) static var swept: Set<String> = []
    static let lock = NSLock()

    /// Removes stale temporaries in `dir`, once per folder per process.
    static func sweep(_ dir: String, now: Date = Date()) {
        lock.lock()
        let first = swept.insert(dir).inserted
        lock.unlock()
        guard first, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return }
        for name in names where isTemporary(name) {
            let path = dir + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            if now.timeIntervalSince1970 - Double(st.st_mtim.tv_sec) > maxAge { unlink(path) }
        }
    }

    /// `.NAME.lunette-XXXXXX.tmp` with six template characters.
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), let r = name.range(of: marker, options: .backwards) else {
            return false
        }
        return name.distance(from: r.upperBound, to: name.endIndex) == 10
    }
}
