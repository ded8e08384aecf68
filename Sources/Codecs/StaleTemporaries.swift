import CProcess
import Foundation

/// Temporary outputs are named `.NAME.lunette-XXXXXX.tmp` and locked by their writer. One
/// left behind by SIGKILL (a Slurm job past its time, the OOM killer) or a power cut is removed
/// by the next run that writes into the same folder: at once when its lock is free, else (on
/// storage without locks) once it is a day old, as a younger one may belong to a running job.
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
            guard lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, lunette_cleanup_abandoned(path) < 0 else {
                continue
            }
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
