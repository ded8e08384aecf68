import Foundation
import LuaBridge
import PixelCore

/// What the explorer's API answers: a status, headers and bytes. The HTTP layer (ServeHTTP)
/// only copies it onto the wire, so the API is tested without a socket.
public struct APIResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]

    public init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status; self.headers = headers; self.body = body
    }

    /// A header's value (first match, case-insensitive name).
    public func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    static func json(_ object: Any, status: Int = 200) -> APIResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return APIResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(data))
    }

    static func text(_ text: String, type: String, status: Int = 200) -> APIResponse {
        APIResponse(status: status, headers: [("Content-Type", type)], body: Array(text.utf8))
    }

    /// `{"error": message, "exit": code}`: the message the CLI prints (without "lunette: ") and
    /// the exit code it would end with; 4xx for the request's fault, 5xx for the server's.
    static func error(_ message: String, status: Int, exit: ExitStatus, headers: [(String, String)] = []) -> APIResponse {
        var r = json(["error": message, "exit": Int(exit.rawValue)], status: status)
        r.headers += headers
        return r
    }

    /// The response for an error a render, decode or chain parse threw.
    static func error(_ error: Error) -> APIResponse {
        if let e = error as? APIError { return e.response }
        let (message, exit): (String, ExitStatus)
        if let e = error as? LunetteError {
            (message, exit) = (e.message, e.status)
        } else if let e = error as? LuaScriptError {
            (message, exit) = (e.summary, e.status)
        } else {
            (message, exit) = ("\(error)", .io)
        }
        // Chain files and request values are input: the CLI exits 3 for their script errors too.
        let status: Int
        switch exit {
        case .limit: status = 413
        case .io: status = 500
        default: status = 400
        }
        return APIResponse.error(message, status: status, exit: exit == .script ? .invalidInput : exit)
    }
}

/// A request the API refuses before doing any work (bad JSON, unknown route, too big…).
struct APIError: Error {
    let response: APIResponse
    init(_ message: String, status: Int = 400, exit: ExitStatus = .invalidInput, headers: [(String, String)] = []) {
        response = APIResponse.error(message, status: status, exit: exit, headers: headers)
    }
}
