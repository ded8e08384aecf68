import Foundation
import PixelCore

/// The resumable side of a sharded batch: which of the shard's jobs are already complete and
/// current (skipped), and the shard's manifest: each finished image appended to its journal
/// at once, the whole rewritten at most every `interval` seconds and at the end.
/// Thread-safe: workers record as they finish.
/// CLI: `lunette apply --chain look.lua -o out/ photos/ --shard auto`
public final class BatchLedger: @unchecked Sendable {
    public let path: String
    /// The jobs still to run, in input order.
    public private(set) var pending: [BatchJob] = []
    /// Jobs whose outputs were complete and current.
    public private(set) var skipped = 0
    let directory: String
    let interval: Double
    let lock = NSLock()
    var manifest: BatchManifest
    let journal: BatchJournal
    var slot: [String: Int] = [:]
    var lastWrite = Date.distantPast
    var dirty = false

    /// `jobs`: the shard's jobs; `all`: every job of the batch (for the total and the batch's
    /// identity); `chain`: the hash of the chain and the output settings.
    public init(
        directory: String, shard: Shard, jobs: [BatchJob], all: [BatchJob], chain: String,
        interval: Double = 0.5
    ) throws {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        self.directory = base
        self.interval = interval
        path = base + BatchManifest.fileName(shard)
        let names = all.map { Self.relative($0.output, to: base) }
        manifest = BatchManifest(
            shard: shard.index, shards: shard.count, total: all.count, chain: chain,
            list: ContentHash.hex(of: names.sorted().joined(separator: "\n")),
            updated: Date().timeIntervalSince1970, items: [])
        let previous = Self.latestRecords(try BatchManifest.all(in: directory))
        for job in jobs {
            let name = Self.relative(job.output, to: base)
            let input = URL(fileURLWithPath: job.input).standardizedFileURL.path
            slot[name] = manifest.items.count
            if let old = previous[name], Self.isCurrent(old, input: input, chain: chain, output: job.output) {
                manifest.items.append(old)
                skipped += 1
            } else {
                manifest.items.append(.init(output: name, input: input, state: .pending))
                pending.append(job)
            }
        }
        try manifest.write(to: path)
        journal = try BatchJournal(manifest: path)
        lastWrite = Date()
    }

    /// Each output's most recent finished record across `manifests` (oldest first).
    static func latestRecords(_ manifests: [(path: String, manifest: BatchManifest)]) -> [String: BatchManifest.Item] {
        var out: [String: BatchManifest.Item] = [:]
        for (_, m) in manifests {
            for item in m.items where item.state != .pending {
                if let seen = out[item.output], (seen.time ?? 0) > (item.time ?? 0) { continue }
                out[item.output] = item
            }
        }
        return out
    }

    /// Done by the same chain from the same input, unchanged since, and the output's bytes
    /// are still the ones written (a partial or replaced output hashes differently).
    static func isCurrent(_ item: BatchManifest.Item, input: String, chain: String, output: String) -> Bool {
        guard item.state == .done, item.chain == chain, item.input == input,
            let stamp = FileStamp(input), stamp.matches(item)
        else { return false }
        return (try? ContentHash.file(output)) == item.outputHash
    }

    static func relative(_ path: String, to directory: String) -> String {
        path.hasPrefix(directory) ? String(path.dropFirst(directory.count)) : path
    }

    /// Records a written output (hashing it) and maybe rewrites the manifest.
    public func done(_ job: BatchJob) throws {
        let hash = try ContentHash.file(job.output), chain = manifest.chain
        try update(job) { item in
            item.state = .done
            item.outputHash = hash
            item.chain = chain
            item.error = nil; item.status = nil
        }
    }

    /// Records a failure with its one-line message.
    public func failed(_ job: BatchJob, status: ExitStatus, message: String) throws {
        let chain = manifest.chain
        try update(job) { item in
            item.state = .failed
            item.error = message; item.status = status.rawValue
            item.chain = chain; item.outputHash = nil
        }
    }

    func update(_ job: BatchJob, _ change: (inout BatchManifest.Item) -> Void) throws {
        let stamp = FileStamp(job.input)
        lock.lock(); defer { lock.unlock() }
        guard let i = slot[Self.relative(job.output, to: directory)] else { return }
        change(&manifest.items[i])
        manifest.items[i].size = stamp?.size
        manifest.items[i].mtime = stamp?.mtime
        manifest.items[i].time = Date().timeIntervalSince1970
        dirty = true
        try journal.append(manifest.items[i])
        if Date().timeIntervalSince(lastWrite) >= interval { try writeLocked() }
    }

    /// Writes the manifest if anything changed since the last write, and removes the journal:
    /// call once the shard's work is over.
    public func finish() throws {
        lock.lock(); defer { lock.unlock() }
        if dirty { try writeLocked() }
        unlink(journal.path)
    }

    func writeLocked() throws {
        manifest.updated = Date().timeIntervalSince1970
        try manifest.write(to: path)
        try journal.clear()
        lastWrite = Date(); dirty = false
    }
}
