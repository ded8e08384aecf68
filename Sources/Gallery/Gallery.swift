import Codecs
import Filters
import Foundation
import LuaBridge
import PixelCore

/// One filter's gallery card: its descriptor, the category it is shown under, and either a
/// thumbnail of `lunette try NAME` or the reason there is none.
public struct GalleryEntry {
    public let descriptor: FilterDescriptor
    public let category: String
    public var thumbnail: Thumbnail?
    public var failure: String?
    /// The exit status of the failure's error (an I/O error, a limit, …).
    public var failureStatus: ExitStatus?
    public var name: String { descriptor.name }
}

/// Every registered filter (native and plugins) tried on stock inputs and rendered to
/// thumbnails, each once, in the catalogue's order (unique records first, as
/// `FilterCatalog` lists them). CLI: `lunette gallery -o out/gallery`
public struct Gallery {
    public let entries: [GalleryEntry]
    /// Longest side of each thumbnail, in pixels.
    public let size: Int

    /// Categories in catalogue order with the entries shown under each.
    public var sections: [(category: String, entries: [GalleryEntry])] {
        var out: [(category: String, entries: [GalleryEntry])] = []
        for e in entries {
            if out.last?.category == e.category { out[out.count - 1].entries.append(e) } else { out.append((e.category, [e])) }
        }
        return out
    }

    public var failures: [GalleryEntry] { entries.filter { $0.failure != nil } }

    /// Builds every filter's presented output in `runtime` (Lua, one at a time), then renders
    /// the thumbnails in parallel, one thread per filter. A filter that fails to build or
    /// render, or gives non-finite or empty pixels, keeps its card with `failure` set.
    /// `only` limits the gallery to those filter names.
    public static func build(runtime: LuaRuntime, size: Int, only: Set<String>? = nil, threads: Int? = nil) -> Gallery {
        let catalog = FilterCatalog(runtime.registry.descriptors)
        var entries: [GalleryEntry] = []
        var images: [Image?] = []
        for info in catalog.categoriesExcludingDuplicates {
            for record in info.uniqueRecords where only?.contains(record.name) ?? true {
                guard let d = runtime.registry.descriptor(exactly: record.name) else { continue }
                var entry = GalleryEntry(descriptor: d, category: info.name)
                do {
                    images.append(try runtime.tryFilter(d.name).image)
                } catch {
                    images.append(nil)
                    entry.failure = firstLine(error)
                    entry.failureStatus = status(error)
                }
                entries.append(entry)
            }
        }
        let lock = NSLock()
        nonisolated(unsafe) var next = 0
        nonisolated(unsafe) var results = entries
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, entries.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let context = Context(threads: 1)
            while true {
                lock.lock(); let i = next; next += 1; lock.unlock()
                guard i < images.count else { return }
                guard let image = images[i] else { continue }
                var thumb: Thumbnail?, failure: String?, failureStatus: ExitStatus?
                do {
                    thumb = try Thumbnail.make(image, maxSide: size, context: context)
                    if thumb!.coverage == 0 { (failure, failureStatus) = ("rendered only transparent pixels", .invalidInput) }
                } catch {
                    (failure, failureStatus) = (firstLine(error), status(error))
                }
                lock.lock()
                results[i].thumbnail = thumb
                results[i].failure = failure
                results[i].failureStatus = failureStatus
                lock.unlock()
            }
        }
        return Gallery(entries: results, size: size)
    }

    static func status(_ error: Error) -> ExitStatus {
        (error as? LunetteError)?.status ?? (error as? LuaScriptError)?.status ?? .invalidInput
    }

    static func firstLine(_ error: Error) -> String {
        let text = "\(error)"
        return text.split(separator: "\n").first.map(String.init) ?? text
    }

    /// `CICategoryColorAdjustment` → `Color Adjustment`.
    public static func categoryTitle(_ category: String) -> String {
        let bare = category.hasPrefix("CICategory") ? String(category.dropFirst(10)) : category
        let chars = Array(bare)
        var out = ""
        for (i, ch) in chars.enumerated() {
            if i > 0, ch.isUppercase, chars[i - 1].isLowercase { out.append(" ") }
            out.append(ch)
        }
        return out
    }
}

extension Gallery {
    /// Writes `index.html` and `thumbs/NAME.png` into `directory` (created if missing).
    public func writePage(to directory: String, title: String = "Lunette filter gallery") throws {
        let thumbs = directory + "/thumbs"
        do {
            try FileManager.default.createDirectory(atPath: thumbs, withIntermediateDirectories: true)
        } catch {
            throw LunetteError.io("\(thumbs): cannot create the folder (\(error.localizedDescription))")
        }
        for e in entries {
            try e.thumbnail?.write(to: thumbs + "/" + e.name + ".png")
        }
        let html = GalleryPage.html(self, title: title) { "thumbs/" + $0.name + ".png" }
        let bytes = Array(html.utf8)
        let path = directory + "/index.html"
        try AtomicFile.write(to: path) { file in
            if fwrite(bytes, 1, bytes.count, file) != bytes.count { throw LunetteError.io("\(path): write failed") }
        }
    }
}
