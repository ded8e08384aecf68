import Foundation

extension AtomicFile {
    /// Temporary files of writes in progress, so that a process stopped by its time limit
    /// (or another fatal condition) can remove them before it exits.
    enum Pending {
        static let lock = NSLock()
        nonisolated(unsafe) static var paths: Set<String> = []

        static func add(_ path: String) { lock.lock(); paths.insert(path); lock.unlock() }
        static func remove(_ path: String) { lock.lock(); paths.remove(path); lock.unlock() }
    }

    /// Deletes the temporary files of unfinished writes (their targets stay untouched).
    /// CLI: called when `--time-limit` expires before the work stops by itself.
    public static func removePendingTemporaries() {
        Pending.lock.lock()
        defer { Pending.lock.unlock() }
        for path in Pending.paths { unlink(path) }
        Pending.paths.removeAll()
    }
}
