import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Runs given as a JSON array (what a Lua table of runs becomes) and per-character font
/// fallback, against the equivalent markup and FreeType's own bitmaps of the fallback face.
extension TextGeneratorTests {
    static let serif = "DejaVu Serif"

    func attributed(_ text: String) throws -> PixelBuffer {
        let image = try apply("CIAttributedTextImageGenerator", nil, ["inputText": .string(text)])
        return try TestImages.render(image, IRect(covering: image.extent))
    }

    /// Whether `g` lies in the image exactly at some whole-pixel pen position near the left edge.
    func matchesNearStart(_ g: Glyph, in b: PixelBuffer) -> Bool {
        (0..<4).contains { x in (0..<b.height).contains { y in matches(g, in: b, penX: x, baseline: y) } }
    }

    func testRunListDrawsLikeTheEquivalentMarkup() throws {
        let runs = try attributed(
            #"[{"text": "Ab ", "font": "DejaVu Sans", "size": 30}, "plain", {"text": "cd", "font": "DejaVu Serif", "size": 22, "color": [1, 0, 0], "underline": true}]"#
        )
        let markup = try attributed(
            ##"<span font="DejaVu Sans" size="30">Ab </span>plain<span font="DejaVu Serif" size="22" color="#ff0000"><u>cd</u></span>"##
        )
        XCTAssertEqual(runs.rect, markup.rect)
        XCTAssertEqual(TestImages.maxDifference(runs, markup), 0)
        // Text that only looks like a list stays markup; a broken list is an error naming the run.
        XCTAssertGreaterThan(try attributed("[draft] note").width, 10)
        for (bad, says) in [
            (#"[{"text": "a", "weight": 7}]"#, "run 1: unknown field \"weight\""),
            (#"["a", {"font": "DejaVu Sans"}]"#, "run 2 must be a string or an object with \"text\""),
            (#"[{"text": "a", "size": -3}]"#, "run 1: size must be a number in 0…2000 points"),
            (#"[{"text": "a", "color": "red"}]"#, "run 1: color must be"),
            (#"[{"text": "a",]"#, "not valid JSON"),
        ] {
            XCTAssertThrowsError(try attributed(bad)) { XCTAssertTrue("\($0)".contains(says), "\($0)") }
        }
    }

    func testCharactersTheFontLacksComeFromAFallbackFace() throws {
        var warnings: [String] = []
        let saved = FontLibrary.warn
        FontLibrary.warn = { warnings.append($0) }
        defer { FontLibrary.warn = saved }
        // DejaVu Serif has no Arabic: the alef is DejaVu Sans's glyph, coverage for coverage.
        let alef = try text("\u{0627}", size: 40, font: Self.serif)
        XCTAssertTrue(matchesNearStart(try freetype("\u{0627}", size: 40), in: alef), "alef drawn from DejaVu Sans")
        // In a mixed run the Latin letters stay DejaVu Serif's.
        let mixed = try text("H\u{05D0}\u{05D1}", size: 40, font: Self.serif)
        let serifFile = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        XCTAssertTrue(matchesNearStart(try freetype("H", size: 40, file: serifFile), in: mixed), "H from DejaVu Serif")
        XCTAssertFalse(matchesNearStart(try freetype("H", size: 40), in: mixed), "not DejaVu Sans's H")
        let aleph = try freetype("\u{05D0}", size: 40)
        XCTAssertGreaterThan(Double(mixed.width), 2 * aleph.advance)
        // One warning per font and fallback face, naming both and the character.
        _ = try text("\u{0627}\u{0628}", size: 20, font: Self.serif)
        let arabic = warnings.filter { $0.contains("U+0627") }
        XCTAssertEqual(arabic.count, 1, "\(warnings)")
        XCTAssertTrue(
            arabic.first?.contains("font \"DejaVu Serif\" has no glyph for U+0627, drawing such characters with \"DejaVu Sans")
                ?? false,
            "\(warnings)")
        XCTAssertEqual(warnings.filter { $0.contains("U+0628") }.count, 0, "same fallback face: no second warning")
        // A character no installed font has is drawn as the font's missing glyph, with a warning.
        _ = try text("a\u{10FFFD}", size: 20, font: Self.serif)
        XCTAssertTrue(warnings.contains { $0.contains("no installed font has a glyph for U+10FFFD") }, "\(warnings)")
    }
}
