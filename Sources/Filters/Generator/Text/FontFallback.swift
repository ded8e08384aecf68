import CTextShim
import Foundation
import PixelCore

/// Per-character font fallback: a run's text is cut where its font has no glyph for a
/// character, and each such stretch is drawn with the face fontconfig offers for it (similar
/// families first), so "DejaVu Serif" text with an Arabic word draws the word from a font that
/// has Arabic. Each fallback is announced once per font and face (a one-line warning naming
/// both); a character no installed font has is drawn with the run's font (its missing-glyph box).
enum FontFallback {
    /// A stretch of a run's text and the face that draws it.
    struct Segment {
        var text: String
        var font: SizedFont
    }

    /// `text` cut into stretches by the face that has their characters: `primary` where it
    /// can, else a fallback face for `fontName` opened at the same size by `open`. Combining
    /// marks stay with their base character; spaces and controls stay with the stretch they're in.
    static func segments(
        _ text: String, primary: SizedFont, fontName: String, filter: String,
        open: (FontLibrary.Face) throws -> SizedFont
    ) throws -> [Segment] {
        var out: [Segment] = []
        for ch in text {
            let base = ch.unicodeScalars.first!
            var font = primary
            if base.value >= 0x20, !base.properties.isWhitespace, !primary.has(base),
                let face = FontLibrary.fallback(for: base, after: fontName, filter: filter)
            {
                font = try open(face)
            } else if base.properties.isWhitespace || base.value < 0x20, let last = out.last {
                font = last.font
            }
            if let last = out.last, last.font === font {
                out[out.count - 1].text.append(ch)
            } else {
                out.append(Segment(text: String(ch), font: font))
            }
        }
        return out
    }
}

extension FontLibrary {
    nonisolated(unsafe) static var fallbacks: [String: Face?] = [:]
    nonisolated(unsafe) static var announced: Set<String> = []

    /// The face to draw `scalar` with when the font named `name` lacks it (nil when no
    /// installed font has it); warns once per font and fallback face, or per missing character.
    static func fallback(for scalar: Unicode.Scalar, after name: String, filter: String) -> Face? {
        let key = "\(name)#\(scalar.value)"
        lock.lock()
        if let hit = fallbacks[key] { lock.unlock(); return hit }
        lock.unlock()
        var m = lt_match()
        let face =
            lt_match_fallback(name, scalar.value, &m) == 0
            ? Face(path: field(&m.path), index: m.index, family: field(&m.family), style: field(&m.style)) : nil
        let code = String(format: "U+%04X", scalar.value)
        let note = face.map { "\(name)→\($0.path)" } ?? "\(name)#\(scalar.value)"
        lock.lock()
        fallbacks[key] = face
        let first = announced.insert(note).inserted
        lock.unlock()
        if first {
            if let face {
                warn(
                    "\(filter): font \"\(name)\" has no glyph for \(code), drawing such characters with \"\(face.family) \(face.style)\""
                )
            } else {
                warn("\(filter): no installed font has a glyph for \(code) (install a font that covers it)")
            }
        }
        return face
    }
}

extension SizedFont {
    /// Whether the face has a glyph for `scalar`.
    func has(_ scalar: Unicode.Scalar) -> Bool { lt_font_has(handle, scalar.value) != 0 }
}
