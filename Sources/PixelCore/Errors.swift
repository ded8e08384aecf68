import Foundation

/// Lunette's documented process exit codes (docs/ARCHITECTURE.md).
public enum ExitStatus: Int32, Sendable {
    case ok = 0, usage = 1, script = 2, invalidInput = 3, truncated = 4, limit = 5, io = 6
}

/// An error with a one-line message and the exit code it maps to.
public struct LunetteError: Error, CustomStringConvertible, Sendable {
    public var status: ExitStatus
    public var message: String
    public init(_ status: ExitStatus, _ message: String) { self.status = status; self.message = message }
    public var description: String { message }

    public static func invalid(_ m: String) -> LunetteError { .init(.invalidInput, m) }
    public static func limit(_ m: String) -> LunetteError { .init(.limit, m) }
    public static func io(_ m: String) -> LunetteError { .init(.io, m) }
}

/// Process-wide resource limits; the CLI sets them from flags and the environment.
public enum Limits {
    nonisolated(unsafe) public static var maxPixels: Int = 268_402_689
    nonisolated(unsafe) public static var maxSide: Int = 1_000_000

    /// Reads `LUNETTE_MAX_PIXELS` when set (with getenv: `ProcessInfo.environment` copies the
    /// whole environment into a dictionary, a cost every command would pay at start).
    public static func loadEnvironment() {
        if let p = getenv("LUNETTE_MAX_PIXELS"), let v = Int(String(cString: p)), v > 0 { maxPixels = v }
    }

    /// Throws a limit error when a w×h image is larger than allowed.
    public static func check(width: Int, height: Int, what: String) throws {
        if width > maxSide || height > maxSide {
            throw LunetteError.limit("\(what): \(width)×\(height) exceeds the side limit of \(maxSide) pixels")
        }
        if width.multipliedReportingOverflow(by: height).partialValue > maxPixels
            || width.multipliedReportingOverflow(by: height).overflow
        {
            throw LunetteError.limit(
                "\(what): \(width)×\(height) = \(width &* height) pixels exceeds the limit of \(maxPixels) (set --max-pixels or LUNETTE_MAX_PIXELS)"
            )
        }
    }
}
