import Foundation
import PixelCore

/// The small markup CIAttributedTextImageGenerator reads in place of an NSAttributedString:
/// plain text with `<span font="…" size="…" color="…" underline="true">…</span>` and `<u>…</u>`,
/// nested spans inheriting what they do not set, and `&lt; &gt; &amp; &quot;` for those characters.
/// Lua: `CIAttributedTextImageGenerator{text = "Plain and <u>underlined</u>", scaleFactor = 2}`
enum TextMarkup {
    static func parse(_ source: String, base: TextStyle = .standard, filter: String) throws -> [TextRun] {
        var runs: [TextRun] = []
        var stack: [(tag: String, style: TextStyle)] = [("", base)]
        var text = ""
        var s = Substring(source)
        func bad(_ why: String) -> LunetteError {
            let at = source.distance(from: source.startIndex, to: s.startIndex)
            return LunetteError.invalid("\(filter).inputText: \(why) at character \(at + 1) of the markup")
        }
        func flush() {
            if !text.isEmpty { runs.append(TextRun(text: text, style: stack[stack.count - 1].style)) }
            text = ""
        }
        while let c = s.first {
            if c == "&" {
                guard let semi = s.firstIndex(of: ";"), let ch = entities[String(s[s.index(after: s.startIndex)..<semi])] else {
                    throw bad("unknown entity (use &lt; &gt; &amp; &quot;)")
                }
                text.append(ch)
                s = s[s.index(after: semi)...]
            } else if c == "<" {
                guard let close = s.firstIndex(of: ">") else { throw bad("unclosed '<'") }
                let tag = s[s.index(after: s.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                flush()
                if tag.hasPrefix("/") {
                    let name = String(tag.dropFirst())
                    guard stack.count > 1, stack[stack.count - 1].tag == name else { throw bad("unexpected </\(name)>") }
                    stack.removeLast()
                } else {
                    let (name, attributes) = try split(tag, bad)
                    var style = stack[stack.count - 1].style
                    switch name {
                    case "u": style.underline = true
                    case "span": try apply(attributes, to: &style, bad)
                    default: throw bad("unknown tag <\(name)> (use <span …> or <u>)")
                    }
                    stack.append((name, style))
                }
                s = s[s.index(after: close)...]
            } else {
                text.append(c)
                s = s.dropFirst()
            }
        }
        if stack.count > 1 { throw bad("<\(stack[stack.count - 1].tag)> is never closed") }
        flush()
        return runs
    }

    static let entities: [String: Character] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\""]

    /// A tag's name and its `key="value"` attributes.
    static func split(_ tag: String, _ bad: (String) -> LunetteError) throws -> (String, [(String, String)]) {
        var rest = Substring(tag)
        let name = String(rest.prefix { !$0.isWhitespace })
        rest = rest.dropFirst(name.count)
        var attributes: [(String, String)] = []
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.isEmpty { break }
            guard let eq = rest.firstIndex(of: "=") else { throw bad("attribute without a value in <\(tag)>") }
            let key = rest[..<eq].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: eq)...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "\"" || quote == "'",
                let end = rest.dropFirst().firstIndex(of: quote)
            else { throw bad("unquoted value of \(key) in <\(tag)>") }
            attributes.append((key, String(rest[rest.index(after: rest.startIndex)..<end])))
            rest = rest[rest.index(after: end)...]
        }
        return (name, attributes)
    }

    static func apply(_ attributes: [(String, String)], to style: inout TextStyle, _ bad: (String) -> LunetteError) throws {
        for (key, value) in attributes {
            switch key {
            case "font": style.font = value
            case "size":
                guard let d = Double(value), d > 0, d <= 2000 else {
                    throw bad("size=\"\(value)\" is not a size in 0…2000 points")
                }
                style.size = d
            case "color":
                guard let c = Color(hex: value) else { throw bad("color=\"\(value)\" is not \"#rrggbb[aa]\"") }
                style.color = c
            case "underline":
                guard let on = ["true": true, "1": true, "false": false, "0": false][value] else {
                    throw bad("underline=\"\(value)\" is not true or false")
                }
                style.underline = on
            default: throw bad("unknown attribute \(key) (font, size, color, underline)")
            }
        }
    }
}
