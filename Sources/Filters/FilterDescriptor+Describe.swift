import Foundation
import PixelCore

extension FilterDescriptor {
    /// A human-readable page about the filter: description, categories, inputs, a Lua example.
    public var describe: String {
        var out = "\(name) — \(displayName)\n  \(description)\n  Categories: \(categories.joined(separator: ", "))\n  Inputs:\n"
        let width = (inputs.map(\.key.count).max() ?? 0) + 2
        for i in inputs {
            let kind = i.attributeClass.rawValue + (i.type.map { " (\($0))" } ?? "")
            out += "    \(i.key.padding(toLength: width, withPad: " ", startingAt: 0))\(kind)\n"
            var facts: [String] = []
            if let d = i.defaultValue { facts.append("default \(i.defaultSource ?? d.description)") }
            if let lo = i.min { facts.append("min \(fmt(lo))") }
            if let hi = i.max { facts.append("max \(fmt(hi))") }
            if let lo = i.sliderMin, let hi = i.sliderMax { facts.append("slider \(fmt(lo))…\(fmt(hi))") }
            if let id = i.identity { facts.append("identity \(id)") }
            let pad = String(repeating: " ", count: 4 + width)
            if !facts.isEmpty { out += pad + facts.joined(separator: ", ") + "\n" }
            out += pad + i.description + "\n"
        }
        out += "  Lua: \(luaExample)\n"
        return out
    }

    /// A one-line Lua usage example built from the descriptor.
    public var luaExample: String {
        let settable = inputs.filter { $0.key != "inputImage" }
        let args = settable.prefix(2).compactMap { i -> String? in
            switch i.attributeClass {
            case .image: return "\(Filter.shortKey(i.key)) = other"
            default: return i.defaultValue.map { "\(Filter.shortKey(i.key)) = \(i.defaultSource ?? $0.description)" }
            }
        }
        let step = "\(name){\(args.joined(separator: ", "))}"
        return inputs.contains { $0.key == "inputImage" } ? "img | \(step)" : "local img = Filter(\"\(name)\").outputImage"
    }
}

/// JSON for attribute dictionaries (`lunette filters --json`, `describe --json`).
public enum AttributeJSON {
    public static func object(_ value: AttributeValue) -> Any {
        switch value {
        case .string(let s): return s
        case .number(let d): return d
        case .list(let items): return items.map(object)
        case .dictionary(let d): return d.mapValues(object)
        case .value(let v):
            switch v {
            case .number(let d): return d
            case .vector(let vec): return vec.components
            case .color(let c): return [c.r, c.g, c.b, c.a]
            case .transform(let t): return [t.a, t.b, t.c, t.d, t.tx, t.ty]
            case .string(let s): return s
            case .data(let d): return d.count
            case .image: return NSNull()
            }
        }
    }

    /// Pretty-printed, key-sorted JSON text.
    public static func text(_ value: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
