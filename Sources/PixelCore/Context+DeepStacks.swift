import Foundation

extension Context {
    /// Graphs deeper than this render on threads of their own with `deepStack` bytes of
    /// stack: every step is several frames of recursion (a blur through its decimation plan
    /// a dozen), and the depth limit's worth of them does not fit the caller's stack.
    static let deepGraph = 128
    /// Address space only: pages are touched as deep as the recursion goes.
    static let deepStack = 256 << 20

    /// Runs `work(0)`…`work(count − 1)` in parallel and returns when all are done: here and
    /// on Dispatch's workers for a graph `depth` steps deep up to `deepGraph`, else each on
    /// a new thread with a deep stack. Lua: every `img:save` and `img:pixel`.
    /// The caller's `CancelToken` goes with the work onto every thread.
    static func perform(_ count: Int, depth: Int, _ work0: @escaping (Int) -> Void) {
        let token = Cancellation.current
        let work: (Int) -> Void = token == nil ? work0 : { i in Cancellation.with(token) { work0(i) } }
        guard depth > deepGraph else {
            if count <= 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: count, execute: work) }
            return
        }
        let done = DispatchGroup()
        for i in 0..<count {
            done.enter()
            let thread = Thread {
                work(i)
                done.leave()
            }
            thread.stackSize = deepStack
            thread.start()
        }
        done.wait()
    }

    /// `body()`, on a thread with a deep stack when the graph is deeper than `deepGraph`.
    static func onDeepStack<T>(depth: Int, _ body: @escaping () -> T) -> T {
        nonisolated(unsafe) var result: T?
        perform(1, depth: depth) { _ in result = body() }
        return result!
    }
}
