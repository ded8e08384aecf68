import Foundation
import PixelCore

/// Styled runs as a JSON array, CIAttributedTextImageGenerator's other way to take text
/// (a Lua table of runs arrives as one): each element a string, or an object with `text`
/// and any of `font`, `size` (points), `color` ("#rrggbb[aa]" or [r, g, b(, a)]) and
/// `underline`; each run starts from the default style. Text not starting with `[{` or
/// `["` is markup (`TextMarkup`).
/// Lua: `CIAttributedTextImageGenerator{text = {{"Big ", size = 36}, {"red", color = Color(1, 0, 0)}}}`
enum TextRunList {
    /// The runs, or nil when `source` is markup rather than a JSON array of runs.
    static func parse(_ source: String, base: TextStyle = .standard, filter: String) throws -> [TextRun]? {
        let rest = source.drop { $0.isWhitespace }
        guard rest.first == "[", let next = rest.dropFirst().first(where: { !$0.isWhitespace }), next == "{" || next == "\""
        else {
            return nil
        }
        func bad(_ why: String) -> LunetteError { LunetteError.invalid("\(filter).inputText: \(why)") }
        guard let array = (try? JSONSerialization.jsonObject(with: Data(rest.utf8))) as? [Any] else {
            throw bad("starts as a JSON array of runs but is not valid JSON")
        }
        return try array.enumerated().map { i, element in
            if let text = element as? String { return TextRun(text: text, style: base) }
            guard let object = element as? [String: Any], let text = object["text"] as? String else {
                throw bad("run \(i + 1) must be a string or an object with \"text\"")
            }
            var style = base
            for (key, value) in object where key != "text" {
                switch key {
                case "font":
                    guard let name = value as? String else { throw bad("run \(i + 1): font must be a string") }
                    style.font = name
                case "size":
                    guard let d = number(value), d > 0, d <= 2000 else {
                        throw bad("run \(i + 1): size must be a number in 0…2000 points")
                    }
                    style.size = d
                case "color":
                    guard let c = color(value) else { throw bad("run \(i + 1): color must be \"#rrggbb[aa]\" or [r, g, b(, a)]") }
                    style.color = c
                case "underline":
                    guard let on = value as? Bool else { throw bad("run \(i + 1): underline must be true or false") }
                    style.underline = on
                default: throw bad("run \(i + 1): unknown field \"\(key)\" (text, font, size, color, underline)")
                }
            }
            return TextRun(text: text, style: style)
        }
    }

    /// A JSON number (decoded as Int, Double or NSNumber by platform).
    static func number(_ value: Any) -> Double? {
        if type(of: value) == Bool.self { return nil }
        if let n = value as? NSNumber { return n.doubleValue }
        if let d = value as? Double { return d }
        return (value as? Int).map(Double.init)
    }

    static func color(_ value: Any) -> Color? {
        if let hex = value as? String { return Color(hex: hex) }
        guard let list = value as? [Any] else { return nil }
        let v = list.compactMap(number)
        guard v.count == list.count, v.count == 3 || v.count == 4, v.allSatisfy(\.isFinite) else { return nil }
        return Color(v[0], v[1], v[2], v.count == 4 ? v[3] : 1)
    }
}
