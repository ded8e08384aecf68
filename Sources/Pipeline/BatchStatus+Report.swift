import Foundation

/// The text and JSON forms of `lunette batch status out/`.
extension BatchStatus {
    /// Counts first, then each output that is not done (at most `limit` per state, all when nil).
    public func text(limit: Int? = 20) -> String {
        var lines = [
            "\(directory): \(total) input\(total == 1 ? "" : "s") in \(shards) shard\(shards == 1 ? "" : "s")"
                + (isComplete ? ", all done" : "")
        ]
        for state in State.allCases {
            var line = "  " + state.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + String(count(state))
            if state == .missing, !shardsNotStarted.isEmpty {
                line +=
                    "  (no manifest yet from shard\(shardsNotStarted.count == 1 ? "" : "s") "
                    + shardsNotStarted.map { "\($0)/\(shards)" }.joined(separator: ", ") + ")"
            }
            lines.append(line)
        }
        if ignored > 0 { lines.append("  (\(ignored) manifest\(ignored == 1 ? "" : "s") of an earlier input list left out)") }
        for state in [State.failed, .stale, .missing] {
            let list = entries.filter { $0.state == state }
            if list.isEmpty { continue }
            lines.append("\(state.rawValue):")
            for e in list.prefix(limit ?? list.count) { lines.append("  \(e.output): \(e.detail ?? e.input)") }
            if let limit, list.count > limit { lines.append("  … and \(list.count - limit) more (--all lists them)") }
        }
        return lines.joined(separator: "\n")
    }

    struct Report: Codable {
        var directory: String
        var total: Int
        var shards: Int
        var complete: Bool
        var counts: [String: Int]
        var shardsNotStarted: [Int]
        var unrecorded: Int
        var items: [Entry]
    }

    /// One JSON object: `directory`, `total`, `shards`, `complete`, `counts` (done, failed,
    /// missing, stale), `shardsNotStarted`, `unrecorded` (missing outputs of those shards)
    /// and `items` (every recorded output with its state and, when not done, why).
    public func json() throws -> String {
        let report = Report(
            directory: directory, total: total, shards: shards, complete: isComplete,
            counts: Dictionary(uniqueKeysWithValues: State.allCases.map { ($0.rawValue, count($0)) }),
            shardsNotStarted: shardsNotStarted, unrecorded: unrecorded, items: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
