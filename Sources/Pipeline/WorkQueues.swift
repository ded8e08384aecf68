import Foundation
import LuaBridge
import PixelCore

/// Runs closures on the thread that owns the Lua state — the one that calls `serve()` —
/// for worker threads that need Lua (a chain applied to their image). CLI: batch `apply`.
public final class LuaExecutor: @unchecked Sendable {
    let cond = NSCondition()
    var jobs: [() -> Void] = []
    var done = false

    public init() {}

    /// Runs jobs on the calling thread until `finish()`.
    public func serve() {
        while true {
            cond.lock()
            while jobs.isEmpty && !done { cond.wait() }
            if jobs.isEmpty && done { cond.unlock(); return }
            let job = jobs.removeFirst()
            cond.unlock()
            job()
        }
    }

    /// Ends `serve()` once queued jobs have run.
    public func finish() {
        cond.lock(); done = true; cond.signal(); cond.unlock()
    }

    /// Runs `body` on the serving thread and waits for its result (call from a worker).
    public func sync<T>(_ body: @escaping () throws -> T) throws -> T {
        let ready = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, Error>?
        cond.lock()
        jobs.append {
            result = Result { try body() }
            ready.signal()
        }
        cond.signal()
        cond.unlock()
        ready.wait()
        return try result!.get()
    }
}

/// A fixed number of threads taking closures from a queue (CPU-bound work: rendering).
final class WorkerPool: @unchecked Sendable {
    let cond = NSCondition()
    var queue: [() -> Void] = []
    var closed = false
    var threads: [Thread] = []
    let idle = DispatchGroup()

    init(threads count: Int) {
        for i in 0..<max(1, count) {
            idle.enter()
            let t = Thread { [self] in
                while let job = take() { job() }
                idle.leave()
            }
            t.name = "lunette-worker-\(i)"
            t.stackSize = 8 << 20
            threads.append(t)
            t.start()
        }
    }

    func take() -> (() -> Void)? {
        cond.lock(); defer { cond.unlock() }
        while queue.isEmpty && !closed { cond.wait() }
        return queue.isEmpty ? nil : queue.removeFirst()
    }

    func submit(_ job: @escaping () -> Void) {
        cond.lock(); queue.append(job); cond.signal(); cond.unlock()
    }

    /// Lets queued jobs finish, then waits for every thread to end.
    func close() {
        cond.lock(); closed = true; cond.broadcast(); cond.unlock()
        idle.wait()
    }
}

/// An error as one line and the exit status it maps to (a Lua error keeps its first line).
enum ErrorText {
    static func describe(_ error: Error) -> (status: ExitStatus, message: String) {
        if let e = error as? LunetteError { return (e.status, e.message) }
        if let e = error as? LuaScriptError {
            return (e.status, e.message.split(separator: "\n").first.map(String.init) ?? e.message)
        }
        return (.invalidInput, "\(error)")
    }
}
