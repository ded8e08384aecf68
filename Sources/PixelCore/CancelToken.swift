import Foundation

/// A request to stop one render, not the whole process: `lunette serve` gives each render
/// request its own, so a newer preview for the same view cancels the stale one in flight.
/// Set it on the rendering thread with `Cancellation.with(token) { … }`; renders started
/// there check it per tile and band, on their worker threads too (`Context.perform` hands
/// it on), besides the process-wide request (Ctrl-C). Swift:
/// `let t = CancelToken(); try Cancellation.with(t) { try ctx.render(img, rect: r) }`
public final class CancelToken: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    /// Asks the render to stop; idempotent.
    public func cancel() { lock.withLock { cancelled = true } }

    public var isCancelled: Bool { lock.withLock { cancelled } }
}

extension Cancellation {
    /// The thread-local slot of the current token (an unretained pointer; `with` keeps it alive).
    private static let key: pthread_key_t = {
        var k = pthread_key_t()
        pthread_key_create(&k, nil)
        return k
    }()

    /// The token of the render running on this thread, if any.
    public static var current: CancelToken? {
        guard let p = pthread_getspecific(key) else { return nil }
        return Unmanaged<CancelToken>.fromOpaque(p).takeUnretainedValue()
    }

    /// Runs `body` with `token` as this thread's token (nil: none), restoring the previous one after.
    public static func with<T>(_ token: CancelToken?, _ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, token.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(token) { try body() }
    }

    /// The error a render stopped by its token throws.
    public static let cancelledError = LunetteError(.script, "render cancelled")
}
