import CProcess

extension AtomicFile {
    /// Deletes the temporary files of unfinished writes (their targets stay untouched); the
    /// writes then fail when they finish.
    public static func removePendingTemporaries() { lunette_cleanup_unlink_all() }

    /// Removes every temporary file, even one another thread is creating, then writes `message`
    /// as a line on standard error and ends the process with `status`. CLI: called when
    /// `--time-limit` expires before the work stops by itself.
    public static func exit(status: Int32, saying message: String) -> Never {
        lunette_cleanup_exit(status, message + "\n")
    }

    /// Makes SIGTERM and SIGHUP (and SIGINT unless `interrupt` is false: the REPL handles it)
    /// remove unfinished outputs and end the process with 128 + the signal (143, 129, 130).
    public static func cleanUpOnSignals(interrupt: Bool = true) { lunette_cleanup_install(interrupt ? 1 : 0) }
}
