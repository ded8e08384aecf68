import Codecs
import Foundation
import LuaBridge
import PixelCore

/// Uploaded images, decoded once and kept in memory while the server runs: at most `count`
/// of them and `pixelBudget` pixels in all, the oldest dropped first. Each keeps its last
/// preview-size copy so that slider moves do not rescale it.
final class UploadStore: @unchecked Sendable {
    struct Entry {
        let id: String
        let name: String
        let image: Image
        var preview: (size: Int, image: Image)?
        var pixels: Int { Int(image.extent.width * image.extent.height) }
    }

    let count: Int
    let pixelBudget: Int
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var next = 1

    init(count: Int, pixelBudget: Int) { self.count = count; self.pixelBudget = pixelBudget }

    /// Decodes `bytes` (any format the codecs read, under the process's limits) and keeps it.
    func add(_ bytes: [UInt8], name: String) throws -> Entry {
        let decoded = try ImageIO.decode(bytes, name: name)
        let e = decoded.extent
        guard !e.isInfinite, !e.isEmpty else { throw LunetteError.invalid("\(name): the image is empty") }
        let buffer = try Context().render(decoded, rect: try Context.renderRect(for: decoded))
        let image = Image(SourceNode(buffer, opaque: decoded.isOpaque)).cropped(to: e)
        lock.lock(); defer { lock.unlock() }
        let entry = Entry(id: "upload:\(next)", name: name, image: image)
        next += 1
        entries.append(entry)
        var total = entries.reduce(0) { $0 + $1.pixels }
        while entries.count > 1 && (entries.count > count || total > pixelBudget) {
            total -= entries.removeFirst().pixels
        }
        return entry
    }

    /// The upload `id` (`upload:3`), scaled so its longer side is at most `size`.
    func image(_ id: String, size: Int?) throws -> Image? {
        lock.lock()
        guard let i = entries.firstIndex(where: { $0.id == id }) else { lock.unlock(); return nil }
        let entry = entries[i]
        lock.unlock()
        guard let size else { return entry.image }
        if let p = entry.preview, p.size == size { return p.image }
        let scaled = try StockImages.scaled(entry.image, maxSide: size)
        lock.lock()
        if let j = entries.firstIndex(where: { $0.id == id }) { entries[j].preview = (size, scaled) }
        lock.unlock()
        return scaled
    }

    /// Uploads kept now, oldest first.
    var list: [[String: Any]] {
        lock.lock(); defer { lock.unlock() }
        return entries.map {
            ["id": $0.id, "name": $0.name, "width": Int($0.image.extent.width), "height": Int($0.image.extent.height)]
        }
    }
}
