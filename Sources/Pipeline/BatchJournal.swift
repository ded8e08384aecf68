import Codecs
import Foundation
import PixelCore

/// The lines a shard appends as each output finishes (`.lunette-batch-K-of-N.journal`, one
/// JSON record per line, one `write` each), between two atomic rewrites of its manifest: a job
/// killed at any moment, even by SIGKILL, loses no finished output's record. Readers apply
/// the lines over the manifest and ignore a last line cut short.
final class BatchJournal {
    let path: String
    let fd: Int32

    /// The journal beside the manifest at `manifest`, emptied.
    init(manifest: String) throws {
        path = Self.path(manifest: manifest)
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o644)
        if fd < 0 { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(fd) }

    static func path(manifest: String) -> String {
        (manifest.hasSuffix(".json") ? String(manifest.dropLast(5)) : manifest) + ".journal"
    }

    /// Appends `item` as one line.
    func append(_ item: BatchManifest.Item) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let line = [UInt8](try encoder.encode(item)) + [10]
        let n = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n != line.count { throw LunetteError.io("\(path): write failed (\(String(cString: strerror(errno))))") }
    }

    /// Empties the journal once the manifest holds its lines.
    func clear() throws {
        if ftruncate(fd, 0) != 0 { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
    }

    /// `manifest` with the records of its journal (at `path`, beside it) applied in order.
    static func replay(_ manifest: inout BatchManifest, manifestPath: String) {
        guard let bytes = try? AtomicFile.read(path(manifest: manifestPath)), !bytes.isEmpty else { return }
        var slot: [String: Int] = [:]
        for (i, item) in manifest.items.enumerated() { slot[item.output] = i }
        for line in bytes.split(separator: 10) {
            guard let item = try? JSONDecoder().decode(BatchManifest.Item.self, from: Data(line)) else { continue }
            if let i = slot[item.output] {
                manifest.items[i] = item
            } else {
                slot[item.output] = manifest.items.count
                manifest.items.append(item)
            }
            manifest.updated = max(manifest.updated, item.time ?? 0)
        }
    }
}
