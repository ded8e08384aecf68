import Codecs
import Foundation
import PixelCore

/// The backstop for `--time-limit`: renders and Lua code stop by themselves at the
/// deadline; if the command is still running a grace period later (a long decode or a
/// single slow kernel), this thread removes unfinished output files and exits with 5.
enum Watchdog {
    static let grace: Double = 3

    static func start() {
        guard let deadline = Limits.deadline else { return }
        let thread = Thread {
            while Limits.now < deadline + grace {
                Thread.sleep(forTimeInterval: min(0.25, max(0.01, deadline + grace - Limits.now)))
            }
            AtomicFile.exit(status: ExitStatus.limit.rawValue, saying: "lunette: \(Limits.timeLimitError.message)")
        }
        thread.name = "lunette-watchdog"
        thread.start()
    }
}
