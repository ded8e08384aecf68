import Foundation
import PixelCore

/// The render in flight for each view of each client: a render request may carry a
/// `"session"` key (the page sends its tab's id and the view, "k3f9/preview"); a newer
/// render with the same key cancels the older one's `CancelToken`, which then stops at its
/// next tile or band and answers 409 `{"error": "cancelled: …", "cancelled": true}`, so a
/// stale preview never holds a slot or the cores. Keys are dropped when their render ends.
/// Swift: `let token = sessions.begin("tab/preview"); defer { sessions.end("tab/preview", token) }`
final class RenderSessions: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [String: CancelToken] = [:]

    /// Longest key accepted (a tab id and a view name fit easily).
    static let maxKeyLength = 200

    /// A fresh token for `key`, cancelling the one of an older render with that key.
    func begin(_ key: String) -> CancelToken {
        let token = CancelToken()
        lock.withLock { tokens.updateValue(token, forKey: key) }?.cancel()
        return token
    }

    /// Forgets `key` unless a newer render has taken it over.
    func end(_ key: String, _ token: CancelToken) {
        lock.withLock { if tokens[key] === token { tokens[key] = nil } }
    }

    /// Renders with a session key in flight now.
    var count: Int { lock.withLock { tokens.count } }

    /// The request's `session` key, checked: nil when absent.
    static func key(_ value: Any?) throws -> String? {
        guard let value, !(value is NSNull) else { return nil }
        guard let s = value as? String, !s.isEmpty, s.utf8.count <= maxKeyLength else {
            throw APIError("session must be a non-empty string of at most \(maxKeyLength) bytes (e.g. a tab id and a view name)")
        }
        return s
    }

    /// The answer of a render cancelled by a newer one for `key`.
    static func cancelled(_ key: String) -> APIResponse {
        .json(
            [
                "error": "cancelled: a newer render for session '\(key)' replaced this one",
                "exit": Int(ExitStatus.script.rawValue), "cancelled": true,
            ], status: 409)
    }
}
