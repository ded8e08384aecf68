import Foundation

/// Graph depth, wall-time and untrusted-input limits. CLI: `lunette apply --untrusted …`
extension Limits {
    /// Longest path through an image graph (steps in a chain); deeper graphs would
    /// overflow the stack when rendered or freed.
    nonisolated(unsafe) public static var maxGraphDepth = 2048

    /// Wall-clock deadline (monotonic seconds, see `now`) for the whole command, if any.
    nonisolated(unsafe) public static var deadline: Double?
    /// The time limit the deadline came from, in seconds (for messages).
    nonisolated(unsafe) public static var timeLimit: Double = 0

    /// The `--untrusted` preset: 8192 pixels per side, 32 MiP (8192 × 4096), 30 s wall time.
    public static let untrustedMaxSide = 8192
    public static let untrustedMaxPixels = 32 << 20
    public static let untrustedTimeLimit: Double = 30

    /// Monotonic seconds.
    public static var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Starts the wall-clock limit: `seconds` from now.
    public static func startTimeLimit(_ seconds: Double) {
        timeLimit = seconds
        deadline = now + seconds
    }

    /// True once the deadline has passed.
    public static var deadlinePassed: Bool {
        guard let d = deadline else { return false }
        return now > d
    }

    /// The error for an exceeded time limit (exit code 5).
    public static var timeLimitError: LunetteError {
        LunetteError.limit("time limit of \(fmtSeconds(timeLimit)) s exceeded (set --time-limit)")
    }

    /// Throws the time-limit error once the deadline has passed.
    public static func checkDeadline() throws {
        if deadlinePassed { throw timeLimitError }
    }

    /// Throws a limit error when `image`'s graph is deeper than `maxGraphDepth`.
    public static func checkDepth(_ image: Image, what: String) throws {
        if image.depth > maxGraphDepth {
            throw LunetteError.limit(
                "\(what): the image graph is \(image.depth) steps deep, more than the limit of \(maxGraphDepth) (set --max-depth)"
            )
        }
    }

    /// Throws a limit error when a (finite) rect is too large to convert to pixels.
    public static func check(_ rect: Rect, what: String) throws {
        // The width and height of the pixel cells the rect covers, computed in doubles.
        let w = rect.maxX.rounded(.up) - rect.minX.rounded(.down), h = rect.maxY.rounded(.up) - rect.minY.rounded(.down)
        if !(w <= Double(maxSide) && h <= Double(maxSide)) {
            throw LunetteError.limit(
                "\(what): \(fmt(rect.width))×\(fmt(rect.height)) exceeds the side limit of \(maxSide) pixels")
        }
        if !(abs(rect.x) < 1e15 && abs(rect.y) < 1e15) {
            throw LunetteError.limit("\(what): origin (\(fmt(rect.x)), \(fmt(rect.y))) is too far away to render")
        }
    }

    static func fmtSeconds(_ s: Double) -> String { s == s.rounded() && s < 1e15 ? String(Int(s)) : String(s) }
}
