import ArgumentParser
import Console
import Filters
import Foundation
import Gallery
import LuaBridge
import PixelCore

/// `lunette gallery -o DIR` / `--sheet sheet.png`: every registered filter, tried and pictured.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Render every registered filter on stock images: an HTML page and/or a contact sheet.",
        discussion: """
            Each filter (built-in and plugins) is tried as `lunette try NAME` does
            and shown once, under the first category that lists it. -o writes
            DIR/index.html (inline CSS, no network: it opens from disk in any
            browser) and DIR/thumbs/NAME.png: display name, description, thumbnail
            and a table of inputs (type, class, default, min/max, slider range,
            identity). --sheet puts all thumbnails on one labelled PNG. A filter
            that fails is a marked card; the failures are listed on standard error
            and the exit status is that of the first failure (the page is written).
              lunette gallery -o out/gallery
              lunette gallery --sheet out/sheet.png --size 96 --columns 12
              lunette gallery -o out/g --render-size 256      (smaller, faster)
              lunette gallery -o out/blur --only blur --only CISepiaTone
            """
    )

    @Option(name: .shortAndLong, help: "Folder for index.html and thumbs/ (created if missing).")
    var output: String?

    @Option(help: "Write a labelled contact sheet PNG here.")
    var sheet: String?

    @Option(help: "Longest side of each thumbnail, in pixels.")
    var size: Int = 160

    @Option(help: "Scale the stock photos to this longest side before filtering (default: as bundled).")
    var renderSize: Int?

    @Option(help: "Thumbnails per row on the contact sheet.")
    var columns: Int = 10

    @Option(help: "Only this filter or category (repeatable; e.g. --only blur --only CISepiaTone).")
    var only: [String] = []

    @Option(help: "Title of the page.")
    var title: String = "Lunette filter gallery"

    @OptionGroup var limits: LimitOptions

    func validate() throws {
        guard output != nil || sheet != nil else { throw ValidationError("give -o DIR, --sheet FILE.png, or both") }
        guard (8...1024).contains(size) else { throw ValidationError("--size must be 8…1024") }
        if let renderSize, renderSize < 8 { throw ValidationError("--render-size must be at least 8") }
        guard (1...100).contains(columns) else { throw ValidationError("--columns must be 1…100") }
    }

    func run() throws {
        try limits.apply()
        let start = Date()
        let runtime = try Lunette.runtime()
        runtime.setStockSize(renderSize)
        let gallery = Gallery.build(runtime: runtime, size: size, only: try chosen(runtime))
        if let output { try gallery.writePage(to: output, title: title) }
        if let sheet { try ContactSheet.write(gallery, to: sheet, columns: columns) }
        for f in gallery.failures { Terminal.error("lunette: gallery: \(f.name) failed: \(f.failure ?? "")") }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(start))
        let wrote = [output.map { $0 + "/index.html" }, sheet].compactMap { $0 }.joined(separator: " and ")
        Terminal.error("gallery: \(gallery.entries.count) filters, \(gallery.failures.count) failed, \(seconds) s → \(wrote)")
        // The page is written with failures marked, but a failure is still a failure.
        if let first = gallery.failures.first {
            throw ExitCode(first.failureStatus?.rawValue ?? ExitStatus.invalidInput.rawValue)
        }
    }

    /// The filter names `--only` picks (nil: all): each item a filter name or a category.
    func chosen(_ runtime: LuaRuntime) throws -> Set<String>? {
        guard !only.isEmpty else { return nil }
        let descriptors = runtime.registry.descriptors
        let catalog = FilterCatalog(descriptors)
        var names = Set<String>()
        for item in only {
            if let d = try? runtime.registry.descriptor(named: item) { names.insert(d.name); continue }
            guard let category = try? catalog.category(named: item) else {
                let near = Suggest.nearest(item, among: descriptors.map(\.name) + catalog.categoryNames)
                throw LunetteError(
                    .usage,
                    "--only \(item): no filter or category of that name"
                        + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"))
            }
            names.formUnion(descriptors.filter { $0.categories.contains(category) }.map(\.name))
        }
        return names
    }
}
