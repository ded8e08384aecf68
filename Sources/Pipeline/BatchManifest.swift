import Codecs
import Foundation
import PixelCore

/// What one shard of a batch did, kept in its output folder as
/// `.lunette-batch-K-of-N.json` and replaced atomically (a killed job leaves the previous
/// version, never half a file), with the records since in its `BatchJournal`. A rerun trusts an output only through its record: same
/// input size and time, same chain, and the output's bytes still hashing as written.
/// CLI: `lunette apply … -o out/ --shard 0/4`, read back by `lunette batch status out/`
public struct BatchManifest: Codable, Equatable, Sendable {
    public enum State: String, Codable, Sendable { case done, failed, pending }

    /// One input of the shard and what became of it.
    public struct Item: Codable, Equatable, Sendable {
        /// The output's path relative to the output folder: unique in the batch.
        public var output: String
        /// The input's absolute path.
        public var input: String
        public var state: State
        public var size: Int64?
        /// The input's modification time (seconds since 1970, with nanoseconds).
        public var mtime: Double?
        /// The chain that made the output (`BatchManifest.chain`).
        public var chain: String?
        public var outputHash: String?
        public var error: String?
        public var status: Int32?
        /// When it finished (seconds since 1970).
        public var time: Double?
    }

    public var version = 1
    public var shard: Int
    public var shards: Int
    /// Inputs in the whole batch, all shards together.
    public var total: Int
    /// The hash of the chain and of the output settings.
    public var chain: String
    /// The hash of the whole batch's output names: which batch this shard belongs to.
    public var list: String
    public var updated: Double
    public var items: [Item]

    public static let prefix = ".lunette-batch-"

    /// `.lunette-batch-K-of-N.json`.
    public static func fileName(_ shard: Shard) -> String { "\(prefix)\(shard.index)-of-\(shard.count).json" }

    /// Every manifest in `directory` (with its journal applied) and its path, oldest update first; an unreadable one is
    /// an invalid-input error naming it.
    public static func all(in directory: String) throws -> [(path: String, manifest: BatchManifest)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        return try names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map { name in
            let path = base + name
            do {
                var manifest = try JSONDecoder().decode(BatchManifest.self, from: Data(AtomicFile.read(path)))
                BatchJournal.replay(&manifest, manifestPath: path)
                return (path, manifest)
            } catch let e as LunetteError {
                throw e
            } catch {
                throw LunetteError.invalid(
                    "\(path): not a batch manifest (\(error.localizedDescription)); delete it to redo its shard")
            }
        }.sorted { $0.manifest.updated < $1.manifest.updated }
    }

    /// Writes the manifest to `path` through a temporary file and a rename.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = [UInt8](try encoder.encode(self)) + [10]
        try AtomicFile.write(to: path) { file in
            if fwrite(data, 1, data.count, file) != data.count { throw LunetteError.io("\(path): write failed") }
        }
    }
}

/// The size and modification time of an input file, as manifests record them.
struct FileStamp: Equatable {
    var size: Int64
    var mtime: Double

    init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        size = Int64(st.st_size)
        mtime = Double(st.st_mtim.tv_sec) + Double(st.st_mtim.tv_nsec) / 1e9
    }

    func matches(_ item: BatchManifest.Item) -> Bool { item.size == size && item.mtime == mtime }
}
