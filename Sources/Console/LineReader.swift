import CEditShim
import Foundation
import LuaBridge

/// Reads input lines with libedit (editing, history, completion from the live Lua state).
final class LineReader {
    nonisolated(unsafe) static weak var completionSource: LuaRuntime?
    let historyPath: String?

    init(historyPath: String?) {
        self.historyPath = historyPath
        let unavailable = lunette_edit_setup("lunette") { text, line in
            guard let text, let line, let rt = LineReader.completionSource else { return nil }
            let matches = rt.complete(String(cString: text), line: String(cString: line))
            guard !matches.isEmpty else { return nil }
            // readline's contract: entry 0 is the common prefix that replaces the word.
            let all = [LineReader.commonPrefix(matches)] + matches
            let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: all.count + 1)
            for (i, m) in all.enumerated() { list[i] = strdup(m) }
            list[all.count] = nil
            return list
        } _: {
            LuaRuntime.interruptPending ? 1 : 0
        }
        if let unavailable {
            FileHandle.standardError.write(
                Data("lunette: warning: \(String(cString: unavailable)); lines are read without editing\n".utf8))
        }
        let early = TerminalCapabilities.takeTypedAhead()
        if !early.isEmpty { early.withUnsafeBufferPointer { lunette_edit_push_input($0.baseAddress, $0.count) } }
        if let historyPath { _ = lunette_edit_read_history(historyPath) }
        // `os.exit` leaves without returning to the loop: the history is written at exit then.
        LineReader.unsaved = historyPath
        atexit { LineReader.writeHistory() }
    }

    /// The history file still to write (nil once written).
    nonisolated(unsafe) static var unsaved: String?

    static func writeHistory() {
        guard let path = unsaved else { return }
        unsaved = nil
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        _ = lunette_edit_write_history(path, 1000)
    }

    static func commonPrefix(_ items: [String]) -> String {
        guard var prefix = items.first else { return "" }
        for item in items.dropFirst() {
            while !item.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// One line, or nil at end of input (Ctrl-D).
    func read(_ prompt: String) -> String? {
        guard let raw = lunette_edit_readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    func remember(_ entry: String) {
        guard !entry.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        lunette_edit_add_history(entry)
    }

    func save() { LineReader.writeHistory() }
}
