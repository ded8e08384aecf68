import Foundation
import PixelCore

/// A sharded batch's progress, merged from the manifests in its output folder: each output
/// done, failed (with its error), missing (not written yet, or in a shard that never
/// started) or stale (its chain or input changed since, or the file was changed).
/// CLI: `lunette batch status out/` (`--json` for scripts)
public struct BatchStatus: Sendable {
    public enum State: String, Codable, Sendable, CaseIterable { case done, failed, missing, stale }

    public struct Entry: Codable, Equatable, Sendable {
        public var output: String
        public var input: String
        public var state: State
        public var detail: String?
    }

    public var directory: String
    /// Inputs in the batch (all shards).
    public var total: Int
    public var shards: Int
    /// Shards of the batch with no manifest yet.
    public var shardsNotStarted: [Int]
    /// Older manifests (another input list) left out.
    public var ignored: Int
    /// Every recorded output, in name order.
    public var entries: [Entry]

    /// Missing outputs that no manifest names (their shard has not started).
    public var unrecorded: Int { max(0, total - entries.count) }

    public func count(_ state: State) -> Int {
        entries.filter { $0.state == state }.count + (state == .missing ? unrecorded : 0)
    }

    /// True when every input of the batch is done and current.
    public var isComplete: Bool { count(.done) == total }

    /// Reads and checks the manifests of `directory`; a folder without any is a usage error.
    public static func read(_ directory: String) throws -> BatchStatus {
        guard BatchInputs.isDirectory(directory) else {
            throw LunetteError(.usage, "\(directory): no such folder (give the -o folder of a sharded batch)")
        }
        let manifests = try BatchManifest.all(in: directory)
        guard let newest = manifests.last?.manifest else {
            throw LunetteError(
                .usage, "\(directory): no batch manifest here (lunette apply … -o \(directory) --shard K/N writes one per shard)")
        }
        let batch = manifests.filter { $0.manifest.list == newest.list }
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var records: [String: BatchManifest.Item] = [:]
        for (_, m) in batch {
            for item in m.items where records[item.output] == nil || item.state != .pending {
                if let seen = records[item.output], seen.state != .pending, (seen.time ?? 0) > (item.time ?? 0) { continue }
                records[item.output] = item
            }
        }
        let seen = Set(batch.filter { $0.manifest.shards == newest.shards }.map(\.manifest.shard))
        return BatchStatus(
            directory: directory, total: newest.total, shards: newest.shards,
            shardsNotStarted: (0..<newest.shards).filter { !seen.contains($0) },
            ignored: manifests.count - batch.count,
            entries: records.keys.sorted().map { check(records[$0]!, path: base + $0, chain: newest.chain) })
    }

    /// The state of one record today.
    static func check(_ item: BatchManifest.Item, path: String, chain: String) -> Entry {
        func entry(_ state: State, _ detail: String? = nil) -> Entry {
            Entry(output: item.output, input: item.input, state: state, detail: detail)
        }
        switch item.state {
        case .pending: return entry(.missing, "not written yet (running, or its job was stopped)")
        case .failed: return entry(.failed, item.error ?? "failed")
        case .done:
            if item.chain != chain { return entry(.stale, "made by another chain or other output settings") }
            if let stamp = FileStamp(item.input), !stamp.matches(item) { return entry(.stale, "the input changed since") }
            guard FileManager.default.fileExists(atPath: path) else { return entry(.missing, "the output was deleted") }
            if (try? ContentHash.file(path)) != item.outputHash {
                return entry(.stale, "the output changed since it was written")
            }
            return entry(.done)
        }
    }
}
