import Codecs
import Console
import Foundation
import Gallery
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// The gallery of every registered filter (built-ins plus two test plugins, one of which
/// fails on purpose), built once: `try` results, the HTML page, the contact sheet, and the
/// page in a headless browser.
final class GalleryTests: XCTestCase {
    struct Built {
        let gallery: Gallery
        let registered: [String]
        let dir: URL
        var page: URL { dir.appendingPathComponent("page") }
    }

    nonisolated(unsafe) static var built: Built?
    static let lock = NSLock()

    static let plugins = """
        lunette.filter {
          name = "XTestGlow", displayName = "Test Glow", categories = {"CICategoryStylize", "CICategoryStillImage"},
          description = "Screens a blurred copy over the image.",
          inputs = {inputImage = {class = "CIImage"}, inputRadius = {type = "CIAttributeTypeDistance", default = 4, min = 0, sliderMax = 50}},
          apply = function(f) return f.inputImage | CIScreenBlendMode{backgroundImage = f.inputImage | CIGaussianBlur{radius = f.inputRadius}} end,
        }
        lunette.filter {
          name = "XBroken", categories = {"CICategoryStylize"}, inputs = {inputImage = {class = "CIImage"}},
          apply = function(f) error("deliberately broken") end,
        }
        """

    /// Thumbnails of 96 px from stock photos scaled to 192 px, rendered in parallel.
    func shared() throws -> Built {
        Self.lock.lock()
        defer { Self.lock.unlock() }
        if let b = Self.built { return b }
        let dir = Fixtures.temporaryDirectory()
        let folder = dir.appendingPathComponent("config/plugins")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.plugins.write(to: folder.appendingPathComponent("test.lua"), atomically: true, encoding: .utf8)
        var options = LuaOptions()
        options.configDirectory = dir.appendingPathComponent("config").path
        let runtime = try LuaRuntime(options)
        XCTAssertEqual(runtime.warnings, [])
        runtime.setStockSize(192)
        let gallery = Gallery.build(runtime: runtime, size: 96)
        let b = Built(gallery: gallery, registered: runtime.registry.names, dir: dir)
        try gallery.writePage(to: b.page.path)
        Self.built = b
        return b
    }

    override class func tearDown() {
        if let dir = built?.dir { try? FileManager.default.removeItem(at: dir) }
        built = nil
    }

    func testTryRendersEveryRegisteredFilter() throws {
        let b = try shared()
        XCTAssertGreaterThanOrEqual(b.registered.count, 123)
        XCTAssertTrue(b.registered.contains("XTestGlow") && b.registered.contains("XSoftGlow"))
        XCTAssertEqual(b.gallery.entries.map(\.name).sorted(), b.registered)
        for e in b.gallery.entries where e.name != "XBroken" {
            XCTAssertNil(e.failure, e.name)
            guard let t = e.thumbnail else { XCTFail("\(e.name): no thumbnail"); continue }
            XCTAssertTrue(t.width >= 1 && t.height >= 1 && max(t.width, t.height) <= 96, "\(e.name): \(t.width)×\(t.height)")
            XCTAssertGreaterThan(t.coverage, 0, "\(e.name) rendered nothing visible")
        }
        let broken = try XCTUnwrap(b.gallery.entries.first { $0.name == "XBroken" })
        XCTAssertNil(broken.thumbnail)
        XCTAssertTrue(broken.failure?.contains("deliberately broken") ?? false, broken.failure ?? "")
        XCTAssertEqual(b.gallery.failures.map(\.name), ["XBroken"])
        XCTAssertEqual(broken.failureStatus, .script, "the status the CLI exits with")
    }

    func testThumbnailsRejectNonFiniteAndEmptyImages() throws {
        let nan = TestImages.make(IRect(0, 0, 4, 4)) { x, y in x == 2 && y == 1 ? Pixel(.nan, 0, 0, 1) : Pixel(0, 0, 0, 1) }
        XCTAssertThrowsError(try Thumbnail.make(nan, maxSide: 8)) {
            XCTAssertTrue("\($0)".contains("1 of 16 pixels are not finite"))
        }
        let inf = TestImages.make(IRect(0, 0, 2, 2)) { _, _ in Pixel(.infinity, 0, 0, 1) }
        XCTAssertThrowsError(try Thumbnail.make(inf, maxSide: 8))
        XCTAssertThrowsError(try Thumbnail.make(Image.empty, maxSide: 8))
        let half = TestImages.make(IRect(0, 0, 8, 4)) { x, _ in x < 4 ? Pixel(1, 1, 1, 1) : .zero }
        let t = try Thumbnail.make(half, maxSide: 4)
        XCTAssertEqual([t.width, t.height], [4, 2])
        XCTAssertEqual(t.coverage, 0.5)
        XCTAssertEqual(Array(t.rgba[0..<4]), [255, 255, 255, 255])
    }

    func testPageListsEachRegisteredFilterOnce() throws {
        let b = try shared()
        let html = try String(contentsOf: b.page.appendingPathComponent("index.html"), encoding: .utf8)
        let listed = matches(#"data-filter="([^"]+)""#, in: html)
        XCTAssertEqual(listed.count, b.registered.count)
        XCTAssertEqual(listed.sorted(), b.registered)
        XCTAssertTrue(html.contains(">input<wbr>Radius</td>"), "keys break only between words")
        XCTAssertFalse(html.contains("http://") || html.contains("https://"), "no network references")
        let sources = matches(#"<img src="([^"]+)""#, in: html)
        XCTAssertEqual(sources.count, b.registered.count - 1, "every card but the failed one has a thumbnail")
        for src in sources {
            let bytes = try AtomicFile.read(b.page.appendingPathComponent(src).path)
            let decoded = try PNGDecoder.decode(bytes, name: src)
            XCTAssertLessThanOrEqual(max(decoded.width, decoded.height), 96, src)
        }
        let failed = try XCTUnwrap(html.range(of: #"<article class="card failed" id="XBroken""#))
        let end = try XCTUnwrap(html.range(of: "</article>", range: failed.upperBound..<html.endIndex))
        let card = html[failed.lowerBound..<end.lowerBound]
        XCTAssertFalse(card.contains("<img"), "a failed card has no image")
        XCTAssertTrue(card.contains("failed: ") && card.contains("deliberately broken"), String(card))
        XCTAssertEqual(html.components(separatedBy: "card failed").count, 2, "only XBroken is marked")
        // Sections in catalogue order; the plugins sit in Stylize; a table row for an input.
        let sections = matches(#"<section id="([^"]+)""#, in: html)
        XCTAssertEqual(sections, b.gallery.sections.map(\.category))
        XCTAssertLessThan(sections.firstIndex(of: "CICategoryDistortionEffect")!, sections.firstIndex(of: "CICategoryBlur")!)
        XCTAssertTrue(html.contains(#"<td title="Radius: "#), "input rows carry their display names")
        XCTAssertTrue(html.contains("<td>10</td><td>≥ 0</td><td>0 … 100</td><td>0</td>"), "CIGaussianBlur's radius row")
    }

    func testContactSheetHasLabelledCells() throws {
        let b = try shared()
        let path = b.dir.appendingPathComponent("sheet.png").path
        try ContactSheet.write(b.gallery, to: path, columns: 8)
        let sheet = try PNGDecoder.decode(try AtomicFile.read(path), name: path)
        XCTAssertEqual(sheet.width, 2 * 12 + 8 * 104 - 8)
        let rows = b.gallery.sections.map { ($0.entries.count + 7) / 8 }.reduce(0, +)
        XCTAssertEqual(sheet.height, 12 + 26 * (b.gallery.sections.count + 1) + rows * (96 + 4 + 27 + 8) + 12 - 8)
        let rgba = sheet.samples8
        XCTAssertEqual(rgba.count, sheet.width * sheet.height * 4)
        var titles = 0, labels = 0, failed = 0
        rgba.withUnsafeBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                switch (p[i], p[i + 1], p[i + 2]) {
                case (255, 213, 74): titles += 1
                case (232, 232, 232): labels += 1
                case (224, 64, 64): failed += 1
                default: break
                }
            }
        }
        XCTAssertGreaterThan(titles, 1000, "category titles")
        XCTAssertGreaterThan(labels, 2000, "filter labels")
        XCTAssertGreaterThan(failed, 100, "the failed cell's cross and label")
    }

    func testLabelsWrapAtWordStarts() {
        XCTAssertEqual(
            ContactSheet.label("CIPerspectiveTransformWithExtent", maxChars: 16), ["Perspective", "TransformWith", "Extent"])
        XCTAssertEqual(ContactSheet.label("CIQRCodeGenerator", maxChars: 16), ["QRCodeGenerator"])
        XCTAssertEqual(ContactSheet.label("CIQRCodeGenerator", maxChars: 8), ["QRCode", "Generato", "r"])
        XCTAssertEqual(ContactSheet.label("CIAbcdefghijklmnopqrstuvwxyzAbcdefgh", maxChars: 8).count, 3)
        XCTAssertEqual(ContactSheet.label("CIAbcdefghijklmnopqrstuvwxyzAbcdefgh", maxChars: 8).last, "qrstuvw.")
    }

    func testBitmapFontCoversPrintableASCII() {
        let glyphs = (32...126).map { BitmapFont.rows(Character(UnicodeScalar(UInt8($0)))) }
        XCTAssertEqual(Set(glyphs.map { Array($0) }).count, 95, "every glyph is distinct")
        for (i, g) in glyphs.enumerated().dropFirst() { XCTAssertTrue(g.contains { $0 != 0 }, "glyph \(i + 32) is blank") }
        XCTAssertTrue(glyphs.allSatisfy { $0.allSatisfy { $0 < 32 } }, "five columns")
        // "A": a rounded top, a crossbar on row 4, open at the bottom middle.
        XCTAssertFalse(BitmapFont.isSet("A", x: 0, y: 0))
        XCTAssertTrue(BitmapFont.isSet("A", x: 2, y: 0))
        XCTAssertTrue((0..<5).allSatisfy { BitmapFont.isSet("A", x: $0, y: 4) })
        XCTAssertFalse(BitmapFont.isSet("A", x: 2, y: 6))
        XCTAssertEqual(Array(BitmapFont.rows("é")), Array(BitmapFont.rows("?")))
        XCTAssertEqual(BitmapFont.width("Hi"), 11)
        var lit = 0
        BitmapFont.draw("I", scale: 2) { _, _ in lit += 1 }
        XCTAssertEqual(lit, 4 * (3 + 5 + 3), "the I glyph: 3 + 5 + 3 pixels, each 2×2")
    }

    func testBrowserLoadsThePageWithoutErrors() throws {
        guard let chromium = HeadlessBrowser.find() else {
            throw XCTSkip(
                "headless browser test skipped: no chromium on PATH (install the Debian package with `make deps`, or set LUNETTE_CHROMIUM)"
            )
        }
        let b = try shared()
        // A page with a missing image, a console error and an exception must be caught.
        let bad = b.page.appendingPathComponent("bad.html")
        try
            #"<!DOCTYPE html><link rel="icon" href="data:,"><img src="thumbs/none.png"><script>console.error("x"); nope();</script>"#
            .write(to: bad, atomically: true, encoding: .utf8)
        let control = try HeadlessBrowser(executable: chromium, profile: b.dir.appendingPathComponent("profile1")).open(bad)
        XCTAssertEqual(control.broken, 1)
        XCTAssertEqual(control.errors.count, 3, "\(control.errors)")
        let report = try HeadlessBrowser(executable: chromium, profile: b.dir.appendingPathComponent("profile2"))
            .open(b.page.appendingPathComponent("index.html"))
        XCTAssertEqual(report.errors, [])
        XCTAssertEqual(report.images, b.registered.count - 1)
        XCTAssertEqual(report.broken, 0)
        XCTAssertLessThanOrEqual(report.scrollWidth, 1280, "no card or table wider than the window")
        let shot = try PNGDecoder.decode(Array(report.screenshot), name: "screenshot")
        XCTAssertEqual([shot.width, shot.height], [1280, 900])
    }

    func matches(_ pattern: String, in text: String) -> [String] {
        let re = try! NSRegularExpression(pattern: pattern)
        return re.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
