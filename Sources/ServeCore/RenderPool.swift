import Foundation
import LuaBridge
import PixelCore

/// A bounded set of resources (Lua runtimes), one per job that may run at once. A request
/// that finds none idle is refused at once (503 with Retry-After), never queued. Each job
/// runs under its own `CancelToken`: a job past the time limit (or whose request task is
/// cancelled) answers at once and its token stops the render at the next tile, freeing the
/// slot and the threads. Renders, chain files and uploads have a pool each, so one kind of
/// work cannot starve the others.
final class RenderPool<Resource>: @unchecked Sendable {
    let capacity: Int
    let timeLimit: Double
    let what: String
    private let make: () throws -> Resource
    private let lock = NSLock()
    private var idle: [Resource] = []
    private var busy = 0
    private let queue = DispatchQueue(label: "lunette.serve.render", attributes: .concurrent)

    init(_ what: String, capacity: Int, timeLimit: Double, make: @escaping () throws -> Resource) {
        self.what = what; self.capacity = capacity; self.timeLimit = timeLimit; self.make = make
    }

    /// Renders in flight now.
    var inFlight: Int { lock.withLock { busy } }

    /// A slot, with an idle resource if there is one (`.some(nil)`: make one); nil when full.
    private func acquire() -> Resource?? {
        lock.withLock {
            guard busy < capacity else { return nil }
            busy += 1
            return .some(idle.popLast())
        }
    }

    /// Runs `body` with a resource of its own on a worker thread, renders there checking
    /// `token` (a newer request for the same view cancels it: `ServeAPI.Sessions`).
    func run<T>(token: CancelToken = CancelToken(), _ body: @escaping (Resource) throws -> T) async throws -> T {
        guard let reused = acquire() else {
            throw APIError(
                "the server is busy: \(capacity) \(what) are running; retry in a moment",
                status: 503, exit: .limit, headers: [("Retry-After", "1")])
        }
        let once = Once()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (k: CheckedContinuation<T, Error>) in
                job(reused, token, once, k, body)
            }
        } onCancel: {
            token.cancel()
        }
    }

    private func job<T>(
        _ reused: Resource?, _ token: CancelToken, _ once: Once, _ k: CheckedContinuation<T, Error>,
        _ body: @escaping (Resource) throws -> T
    ) {
        queue.async {
            var runtime = reused
            let result = Result { () throws -> T in
                if runtime == nil { runtime = try self.make() }
                return try Cancellation.with(token) { try body(runtime!) }
            }
            self.lock.lock()
            self.busy -= 1
            if let runtime { self.idle.append(runtime) }
            self.lock.unlock()
            if once.claim() { k.resume(with: result) }
        }
        queue.asyncAfter(deadline: .now() + timeLimit) {
            if once.claim() {
                token.cancel()
                k.resume(
                    throwing: APIError(
                        "time limit of \(RenderPool<Void>.seconds(self.timeLimit)) s reached",
                        status: 503, exit: .limit, headers: [("Retry-After", "1")]))
            }
        }
    }

    static func seconds(_ s: Double) -> String { s == s.rounded() ? String(Int(s)) : String(s) }
}

/// A flag that lets one of two racing parties through.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    func claim() -> Bool {
        lock.lock(); defer { lock.unlock() }
        if done { return false }
        done = true
        return true
    }
}
