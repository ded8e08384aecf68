import CFreeType
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// The text generators against FreeType's own glyph bitmaps (loaded here directly, not
/// through Lunette's shim): exact coverage, ligatures, kerning, right-to-left order,
/// combining marks, styled runs and the missing-font warning.
final class TextGeneratorTests: FilterTestCase {
    static let sans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    /// FreeType's unhinted anti-aliased bitmap of `char` at `size` pixels per em, rows top
    /// first, with its offset from the pen (left, top), the advance and the face's ascender.
    struct Glyph { var width = 0, rows = 0, left = 0, top = 0; var coverage: [UInt8] = []; var advance = 0.0, ascender = 0.0 }

    func freetype(_ char: Character, size: Double, file: String = sans) throws -> Glyph {
        var lib: FT_Library?
        XCTAssertEqual(FT_Init_FreeType(&lib), 0)
        defer { FT_Done_FreeType(lib) }
        var face: FT_Face?
        XCTAssertEqual(FT_New_Face(lib, file, 0, &face), 0, "DejaVu Sans (fonts-dejavu-core) is installed")
        guard let face else { throw XCTSkip("no font") }
        defer { FT_Done_Face(face) }
        XCTAssertEqual(FT_Set_Char_Size(face, 0, FT_F26Dot6(size * 64), 72, 72), 0)
        let code = FT_ULong(char.unicodeScalars.first!.value)
        XCTAssertEqual(FT_Load_Char(face, code, FT_Int32(FT_LOAD_RENDER | FT_LOAD_NO_HINTING)), 0)
        let slot = face.pointee.glyph!.pointee
        var g = Glyph(
            width: Int(slot.bitmap.width), rows: Int(slot.bitmap.rows),
            left: Int(slot.bitmap_left), top: Int(slot.bitmap_top))
        for r in 0..<g.rows {
            for c in 0..<g.width { g.coverage.append(slot.bitmap.buffer[r * Int(slot.bitmap.pitch) + c]) }
        }
        g.advance = Double(slot.linearHoriAdvance) / 65536
        g.ascender = Double(face.pointee.ascender) * Double(face.pointee.size.pointee.metrics.y_scale) / 65536 / 64
        return g
    }

    func text(_ s: String, size: Double, font: String = "DejaVu Sans", padding: Double = 0) throws -> PixelBuffer {
        let image = try apply(
            "CITextImageGenerator", nil,
            [
                "inputText": .string(s), "inputFontName": .string(font),
                "inputFontSize": .number(size), "inputPadding": .number(padding),
            ])
        return try TestImages.render(image, IRect(covering: image.extent))
    }

    /// Coverage (alpha × 255, rounded) at image pixel (x, y), y counted from the top row.
    func coverage(_ b: PixelBuffer, _ x: Int, _ top: Int) -> Int { Int((b[x, b.height - 1 - top].w * 255).rounded()) }

    /// Does `g`, its pen at (x, baseline) (baseline from the top), match the image there exactly?
    func matches(_ g: Glyph, in b: PixelBuffer, penX: Int, baseline: Int) -> Bool {
        for r in 0..<g.rows {
            for c in 0..<g.width where coverage(b, penX + g.left + c, baseline - g.top + r) != Int(g.coverage[r * g.width + c]) {
                return false
            }
        }
        return true
    }

    func testCoverageEqualsFreeTypesGlyphBitmapExactly() throws {
        let g = try freetype("g", size: 40)
        let b = try text("g", size: 40, padding: 3)
        let baseline = 3 + Int(g.ascender.rounded())
        XCTAssertTrue(matches(g, in: b, penX: 3, baseline: baseline))
        var inside = 0, outside = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let c = coverage(b, x, y)
                let inBox =
                    x - 3 - g.left >= 0 && x - 3 - g.left < g.width && baseline - g.top <= y && y < baseline - g.top + g.rows
                if inBox { inside += c } else { outside += c }
            }
        }
        XCTAssertEqual(outside, 0, "no coverage outside the glyph's bitmap")
        XCTAssertEqual(inside, g.coverage.reduce(0) { $0 + Int($1) })
        XCTAssertEqual(b.width, Int(g.advance.rounded(.up)) + 6, "the advance box plus padding")
        let straight = b[3 + g.left + g.width / 2, b.height - 1 - (baseline - g.top + g.rows / 2)]
        XCTAssertEqual(straight.x, 0, "black text")
    }

    func testLigatureIsTheFontsFiGlyph() throws {
        XCTAssertEqual(TestImages.maxDifference(try text("fi", size: 60), try text("\u{FB01}", size: 60)), 0)
        XCTAssertGreaterThan(
            TestImages.maxDifference(try text("fi", size: 60), try text("f\u{200C}i", size: 60)), 0.1,
            "without the ligature (a zero-width non-joiner between) the image differs")
    }

    func testKerningNarrowsAV() throws {
        let a = try freetype("A", size: 200), v = try freetype("V", size: 200)
        let kerned = try text("AV", size: 200).width
        XCTAssertLessThan(Double(kerned), (a.advance + v.advance).rounded(.up) - 4, "AV is kerned tighter than its advances")
        let h = try freetype("H", size: 200)
        XCTAssertEqual(try text("HH", size: 200).width, Int((2 * h.advance).rounded(.up)), "HH is not kerned")
    }

    func testHebrewRunsRightToLeft() throws {
        // Alef then bet in logical order: bet is drawn leftmost, at the pen's start.
        let alef = try freetype("א", size: 50), bet = try freetype("ב", size: 50)
        let b = try text("אב", size: 50)
        let baseline = Int(alef.ascender.rounded())
        XCTAssertTrue(matches(bet, in: b, penX: 0, baseline: baseline), "bet first, on the left")
        XCTAssertFalse(matches(alef, in: b, penX: 0, baseline: baseline))
    }

    func testMixedDirectionsFollowTheParagraphsOrder() throws {
        // A Hebrew paragraph with a Latin word: the word keeps its left-to-right order and,
        // being last in logical order, comes first from the left.
        let a = try freetype("a", size: 50), alef = try freetype("א", size: 50)
        let rtl = try text("אב ab", size: 50)
        XCTAssertTrue(matches(a, in: rtl, penX: 0, baseline: Int(alef.ascender.rounded())), "a leftmost")
        // A Latin paragraph with a Hebrew word: "ab" first, as typed.
        XCTAssertTrue(matches(a, in: try text("ab אב", size: 50), penX: 0, baseline: Int(alef.ascender.rounded())))
        XCTAssertEqual(TestImages.maxDifference(try text("x 12 y", size: 30), try text("x 12 y", size: 30)), 0)
    }

    func testCombiningAcuteComposesLikeThePrecomposedLetter() throws {
        XCTAssertEqual(TestImages.maxDifference(try text("e\u{301}", size: 48), try text("\u{E9}", size: 48)), 0)
    }

    func testMissingFontWarnsOnceNamingTheFallback() throws {
        var warnings: [String] = []
        let saved = FontLibrary.warn
        FontLibrary.warn = { warnings.append($0) }
        defer { FontLibrary.warn = saved }
        let missing = try text("Hi", size: 20, font: "Nonexistent Grotesk 9")
        _ = try text("Hi", size: 20, font: "Nonexistent Grotesk 9")
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(
            warnings.first?.contains("\"Nonexistent Grotesk 9\" not found, using \"DejaVu Sans") ?? false, "\(warnings)")
        XCTAssertGreaterThan(missing.width, 10, "the fallback still renders")
        _ = try text("Hi", size: 20, font: "DejaVuSans-Bold")
        XCTAssertEqual(warnings.count, 1, "a PostScript name is found")
    }

    func testAttributedRunsTakeColourSizeAndUnderline() throws {
        let markup = ##"<span font="DejaVu Sans" size="40">A<span color="#ff0000">B</span><u>__</u></span>"##
        let image = try apply("CIAttributedTextImageGenerator", nil, ["inputText": .string(markup)])
        let b = try TestImages.render(image, IRect(covering: image.extent))
        let a = try freetype("A", size: 40), bGlyph = try freetype("B", size: 40)
        let baseline = Int(a.ascender.rounded())
        XCTAssertTrue(matches(a, in: b, penX: 0, baseline: baseline), "A black, at the start")
        // B is red: its most covered pixel has red = alpha (linear premultiplied), no green.
        let x0 = Int((a.advance).rounded(.down)) + bGlyph.left
        var red = Pixel(0, 0, 0, 0)
        for y in 0..<b.height { for x in x0..<(x0 + bGlyph.width) where b[x, y].w > red.w { red = b[x, y] } }
        XCTAssertEqual(red.x, red.w, accuracy: 1e-6)
        XCTAssertEqual(red.y, 0)
        XCTAssertGreaterThan(red.w, 0.99)
        XCTAssertEqual(b.height, try text("A", size: 40).height, "one line of the 40 pt font")
        XCTAssertThrowsError(
            try apply("CIAttributedTextImageGenerator", nil, ["inputText": .string("<span size=\"x\">a</span>")])
        ) {
            XCTAssertTrue("\($0)".contains("size=\"x\""), "\($0)")
        }
        XCTAssertThrowsError(try apply("CIAttributedTextImageGenerator", nil, ["inputText": .string("<b>a")]))
    }

    func testUnderlineCoversTheRunsAdvance() throws {
        let plain = try apply(
            "CIAttributedTextImageGenerator", nil, ["inputText": .string(#"<span font="DejaVu Sans" size="40">mm</span>"#)])
        let under = try apply(
            "CIAttributedTextImageGenerator", nil, ["inputText": .string(#"<span font="DejaVu Sans" size="40"><u>mm</u></span>"#)]
        )
        let p = try TestImages.render(plain, IRect(covering: plain.extent)),
            u = try TestImages.render(under, IRect(covering: under.extent))
        // Some row below the baseline is empty without the underline and covered across the whole width with it.
        let rows = (0..<u.height).filter { y in
            (0..<u.width).allSatisfy { p[$0, y].w == 0 } && (1..<(u.width - 1)).allSatisfy { u[$0, y].w > 0.2 }
        }
        XCTAssertFalse(rows.isEmpty)
    }

    func testScaleFactorAndLinesScaleTheImage() throws {
        let one = try text("Hi", size: 20)
        let two = try TestImages.render(
            try apply(
                "CITextImageGenerator", nil,
                [
                    "inputText": .string("Hi"), "inputFontName": .string("DejaVu Sans"),
                    "inputFontSize": .number(20), "inputScaleFactor": .number(2),
                ]))
        XCTAssertEqual(Double(two.width), 2 * Double(one.width), accuracy: 1)
        XCTAssertEqual(Double(two.height), 2 * Double(one.height), accuracy: 1)
        XCTAssertGreaterThanOrEqual(try text("Hi\nHi", size: 20).height, 2 * one.height - 2, "two lines")
        XCTAssertThrowsError(try text("", size: 20))
    }
}
