import Foundation

/// Progress on stderr: a redrawn bar with count, rate and ETA when stderr is a terminal,
/// plain lines otherwise. CLI: `lunette apply … -o DIR` and `lunette video`.
public final class ProgressReporter: @unchecked Sendable {
    public enum Style: Sendable {
        /// A bar on a terminal, lines otherwise.
        case auto
        case bar, lines, quiet
    }

    let label: String, unit: String
    let total: Int?
    let bar: Bool, quiet: Bool
    /// Lines mode: at most one line per `lineInterval` seconds (0: one per item).
    let lineInterval: Double
    let lock = NSLock()
    let start = Date()
    var done = 0
    var lastDraw = Date.distantPast
    var drawn = false

    public init(label: String, unit: String, total: Int?, style: Style = .auto, lineInterval: Double = 0) {
        self.label = label; self.unit = unit; self.total = total; self.lineInterval = lineInterval
        let resolved = style == .auto ? (isatty(2) != 0 ? Style.bar : .lines) : style
        bar = resolved == .bar
        quiet = resolved == .quiet
    }

    /// Seconds since the start.
    public var elapsed: Double { Date().timeIntervalSince(start) }

    /// Counts one finished item; `note` (a file name) goes on the plain line (items without
    /// a note are counted silently in one-line-per-item mode).
    public func advance(_ note: String? = nil) {
        lock.lock(); defer { lock.unlock() }
        done += 1
        guard !quiet else { return }
        let now = Date()
        if bar {
            if now.timeIntervalSince(lastDraw) >= 0.1 || done == total { draw(now) }
        } else if lineInterval == 0 ? note != nil : now.timeIntervalSince(lastDraw) >= lineInterval {
            lastDraw = now
            var line = "\(label): " + (total.map { "[\(done)/\($0)]" } ?? "\(done) \(unit)")
            if let note { line += " " + note }
            if lineInterval > 0 { line += "  " + rateText(now) }
            emit(line + "\n")
        }
    }

    /// Prints a line (an error about one item) without breaking the bar.
    public func message(_ line: String) {
        lock.lock(); defer { lock.unlock() }
        if drawn { emit("\r\u{1B}[2K") }
        emit(line + "\n")
        if drawn { draw(Date()) }
    }

    /// Removes the bar.
    public func finish() {
        lock.lock(); defer { lock.unlock() }
        if drawn { emit("\r\u{1B}[2K"); drawn = false }
    }

    func rateText(_ now: Date) -> String {
        let secs = max(now.timeIntervalSince(start), 1e-6)
        var text = String(format: "%.1f %@/s", Double(done) / secs, unit)
        if let total, done > 0, done < total {
            let eta = Int((Double(total - done) * secs / Double(done)).rounded())
            text += String(format: "  ETA %d:%02d", eta / 60, eta % 60)
        }
        return text
    }

    func draw(_ now: Date) {
        lastDraw = now
        drawn = true
        var line = "\r\u{1B}[2K\(label) "
        if let total, total > 0 {
            let width = 24, filled = min(width, done * width / total)
            line += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            line += "\(done)/\(total)"
        } else {
            line += "\(done) \(unit)"
        }
        emit(line + "  " + rateText(now))
    }

    func emit(_ s: String) {
        var s = s
        s.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, stderr) }
        fflush(stderr)
    }
}
