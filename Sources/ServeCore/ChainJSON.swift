import Filters
import Foundation
import PixelCore

/// The explorer's chain form, JSON as `filters --json` writes values: numbers, strings,
/// booleans, arrays for vectors, colours (r, g, b, a) and transforms (a, b, c, d, tx, ty),
/// `{"image": "coffee"}` or `{"image": "upload:3"}` for image inputs. It becomes chain-file
/// text (`Chain.parse` then checks it in the sandbox, with the CLI's messages), so the two
/// forms cannot disagree. Swift: `try ChainJSON(steps, registry: rt.registry).text`
struct ChainJSON {
    /// Chain-file text (`return {version = 1, steps = {…}}`) without the image inputs.
    let text: String
    /// Image inputs by step id and key: a stock image name or `upload:ID`.
    let images: [(step: String, key: String, source: String)]
    /// Step ids in order (the request's `upto` must be one of them).
    let ids: [String]

    static let maxSteps = 64

    init(_ steps: Any, descriptors: [String: FilterDescriptor]) throws {
        guard let list = steps as? [Any] else {
            throw APIError("'steps' must be a list of steps such as {\"filter\": \"CISepiaTone\"}")
        }
        if list.count > Self.maxSteps {
            throw APIError("a chain of \(list.count) steps is over the \(Self.maxSteps)-step limit", status: 413, exit: .limit)
        }
        var lines = ["return {", "  version = 1,", "  steps = {"]
        var images: [(step: String, key: String, source: String)] = []
        var ids: [String] = []
        for (i, item) in list.enumerated() {
            let where_ = "steps[\(i + 1)]"
            guard let step = item as? [String: Any] else {
                throw APIError("\(where_): expected an object such as {\"filter\": \"CISepiaTone\"}")
            }
            guard let filter = step["filter"] as? String else {
                throw APIError("\(where_): 'filter' must be a filter name such as \"CISepiaTone\"")
            }
            let id = step["id"] as? String ?? "s\(i + 1)"
            let lower = filter.lowercased()
            let descriptor = descriptors[lower] ?? descriptors["ci" + lower]
            var inputs: [String] = []
            for (key, value) in (step["inputs"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                let long = key.hasPrefix("input") ? key : "input" + key.prefix(1).uppercased() + key.dropFirst()
                let cls = descriptor?.inputs.first { $0.key == key || $0.key == long }?.attributeClass
                if let obj = value as? [String: Any], let source = obj["image"] as? String {
                    images.append((id, key, source))
                    continue
                }
                if value is NSNull { continue }
                inputs.append("[\(Self.literal(key))] = " + (try Self.literal(value, cls, "\(where_) input \(key)")))
            }
            var fields = [
                "id = \(Self.literal(id))", "filter = \(Self.literal(filter))", "inputs = {\(inputs.joined(separator: ", "))}",
            ]
            if let on = step["enabled"] as? Bool, !on { fields.append("enabled = false") }
            lines.append("    {" + fields.joined(separator: ", ") + "},")
            ids.append(id)
        }
        lines += ["  },", "}"]
        text = lines.joined(separator: "\n") + "\n"
        self.images = images
        self.ids = ids
    }

    /// A Lua literal for a JSON value; arrays become Color, Transform or Vector by the input's class.
    static func literal(_ value: Any, _ cls: AttributeClass?, _ where_: String) throws -> String {
        if let n = value as? NSNumber {
            if isBool(n) { return n.boolValue ? "true" : "false" }
            let d = n.doubleValue
            guard d.isFinite else { throw APIError("\(where_): numbers must be finite") }
            return number(d)
        }
        if let s = value as? String { return literal(s) }
        if let a = value as? [Any] {
            let parts = try a.map { v -> String in
                guard let n = v as? NSNumber, !isBool(n), n.doubleValue.isFinite else {
                    throw APIError("\(where_): a vector holds numbers only")
                }
                return number(n.doubleValue)
            }.joined(separator: ", ")
            switch cls {
            case .color?: return "Color(\(parts))"
            case .value? where a.count == 6: return "Transform(\(parts))"
            default: return "Vector(\(parts))"
            }
        }
        throw APIError("\(where_): expected a number, string, boolean, array or {\"image\": name}")
    }

    /// JSON's true and false (NSNumbers of type char), not the numbers 1 and 0.
    static func isBool(_ n: NSNumber) -> Bool { String(cString: n.objCType) == "c" }

    static func number(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }

    /// A Lua string literal: quotes, backslashes and control bytes escaped as decimal `\ddd`.
    static func literal(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u.value {
            case 0x22, 0x5C: out += "\\" + String(u)
            case 0..<32, 127: out += "\\" + String(format: "%03d", Int(u.value))
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
