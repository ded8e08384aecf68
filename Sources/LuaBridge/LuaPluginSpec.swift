import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// A filter declared in Lua by `lunette.filter{…}`, validated into a descriptor.
struct PluginSpec {
    var descriptor: FilterDescriptor

    static let attributeTypes: [String: AttributeClass] = [
        "CIAttributeTypeTime": .number, "CIAttributeTypeScalar": .number, "CIAttributeTypeDistance": .number,
        "CIAttributeTypeAngle": .number, "CIAttributeTypeBoolean": .number, "CIAttributeTypeInteger": .number,
        "CIAttributeTypeCount": .number, "CIAttributeTypePosition": .vector, "CIAttributeTypeOffset": .vector,
        "CIAttributeTypePosition3": .vector, "CIAttributeTypeRectangle": .vector, "CIAttributeTypeOpaqueColor": .color,
        "CIAttributeTypeColor": .color, "CIAttributeTypeGradient": .image, "CIAttributeTypeImage": .image,
        "CIAttributeTypeTransform": .value,
    ]

    /// An ASCII letter, then letters, digits and _ (checked by hand: a regular expression
    /// costs ICU's start-up, several milliseconds of every `lunette` run).
    static func isIdentifier(_ name: String) -> Bool {
        let u = Array(name.utf8)
        func letter(_ c: UInt8) -> Bool { (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        guard let first = u.first, letter(first) else { return false }
        return u.dropFirst().allSatisfy { letter($0) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }

    /// Reads the declaration table at `index`; errors name the plugin and the field.
    /// `source` (the plugin file's text) gives keyed inputs their declaration order.
    static func read(_ L: OpaquePointer, _ index: Int32, source: String? = nil) throws -> PluginSpec {
        let t = lua_absindex(L, index)
        guard lua_type(L, t) == LUA_TTABLE else {
            throw LuaArgumentError(message: "bad argument #1 to 'filter' (table expected, got \(LuaValues.typeName(L, t)))")
        }
        guard let name = string(L, t, "name") else { throw LunetteError.invalid("lunette.filter: 'name' (a string) is required") }
        guard isIdentifier(name) else {
            throw LunetteError.invalid("lunette.filter: name '\(name)' must be letters, digits and _")
        }
        func fail(_ m: String) -> LunetteError { LunetteError.invalid("plugin \(name): \(m)") }
        lua_pushstring(L, "apply"); lua_rawget(L, t)
        let hasApply = lua_type(L, -1) == LUA_TFUNCTION
        lunette_pop(L, 1)
        guard hasApply else { throw fail("'apply' (a function) is required") }
        let categories = strings(L, t, "categories") ?? ["CICategoryStylize", "CICategoryStillImage"]
        guard !categories.isEmpty else { throw fail("'categories' must list at least one category") }
        let inputs = try readInputs(L, t, source: source, fail)
        let displayName = string(L, t, "displayName") ?? name
        let description = string(L, t, "description") ?? "\(displayName) (a Lua plugin filter)."
        let d = FilterDescriptor(
            name: name, displayName: displayName, categories: categories,
            description: description, inputs: inputs
        ) { _ in throw fail("not bound to a Lua state") }
        return PluginSpec(descriptor: d)
    }

    static func readInputs(
        _ L: OpaquePointer, _ t: Int32, source: String?,
        _ fail: (String) -> LunetteError
    ) throws -> [InputSpec] {
        lua_pushstring(L, "inputs"); lua_rawget(L, t)
        defer { lunette_pop(L, 1) }
        let list = lua_absindex(L, -1)
        guard lua_type(L, list) == LUA_TTABLE else {
            if lua_type(L, list) == LUA_TNIL { return [] }
            throw fail("'inputs' must be a table")
        }
        let count = Int(lua_rawlen(L, list))
        if count > 0 {
            return try (1...count).map { i in
                lua_rawgeti(L, list, lua_Integer(i))
                defer { lunette_pop(L, 1) }
                guard lua_type(L, -1) == LUA_TTABLE, let key = string(L, lua_absindex(L, -1), "key") else {
                    throw fail("inputs[\(i)] needs a 'key'")
                }
                return try readInput(L, lua_absindex(L, -1), key: key, fail)
            }
        }
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, list) != 0 {
            let key = LuaValues.string(L, -2)
            let isTable = lua_type(L, -1) == LUA_TTABLE
            lunette_pop(L, 1)
            guard let key, isTable else { lunette_pop(L, 1); throw fail("each input must be `key = {…}`") }
            keys.append(key)
        }
        return try ordered(keys, source: source).map { key in
            lua_pushstring(L, key)
            lua_rawget(L, list)
            defer { lunette_pop(L, 1) }
            return try readInput(L, lua_absindex(L, -1), key: key, fail)
        }
    }

    /// Keyed inputs (`inputs = {inputImage = {…}, inputRadius = {…}}`) come out of a Lua
    /// table in hash order: put them in the order the source declares them (`key =`), or
    /// without the source, images first (inputImage leading), then by name.
    static func ordered(_ keys: [String], source: String?) -> [String] {
        let images = keys.filter { $0.hasSuffix("Image") }.sorted { $0 == "inputImage" || ($1 != "inputImage" && $0 < $1) }
        let fallback = images + keys.filter { !$0.hasSuffix("Image") }.sorted()
        guard let source else { return fallback }
        let text = Array(source.utf8)
        let positions = Dictionary(uniqueKeysWithValues: keys.map { ($0, declaration(of: $0, in: text) ?? Int.max) })
        return fallback.enumerated().sorted { a, b in
            let pa = positions[a.element]!, pb = positions[b.element]!
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)
    }

    /// The byte offset of the first `key =` (a whole word followed by `=`, not `==`) in `text`.
    static func declaration(of key: String, in text: [UInt8]) -> Int? {
        let k = Array(key.utf8)
        func word(_ c: UInt8) -> Bool { c == 95 || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) }
        var i = 0
        while i + k.count <= text.count {
            if text[i] == k[0], Array(text[i..<i + k.count]) == k, i == 0 || !word(text[i - 1]) {
                var j = i + k.count
                while j < text.count, text[j] == 32 || text[j] == 9 || text[j] == 10 || text[j] == 13 { j += 1 }
                if j < text.count, text[j] == 61, j + 1 >= text.count || text[j + 1] != 61 { return i }
            }
            i += 1
        }
        return nil
    }

    static func readInput(_ L: OpaquePointer, _ t: Int32, key: String, _ fail: (String) -> LunetteError) throws -> InputSpec {
        guard key.hasPrefix("input"), key.count > 5 else { throw fail("input key '\(key)' must start with 'input'") }
        let type = string(L, t, "type")
        if let type, attributeTypes[type] == nil {
            throw fail("\(key): unknown attribute type '\(type)'")
        }
        lua_pushstring(L, "default"); lua_rawget(L, t)
        let def = try? LuaValues.filterValue(L, -1)
        // A value type prints as written where it remembers how (Color"#fdbb2d").
        let written = lua_type(L, -1) == LUA_TTABLE ? String(cString: luaL_tolstring(L, -1, nil)) : nil
        if written != nil { lunette_pop(L, 1) }
        lunette_pop(L, 1)
        lua_pushstring(L, "identity"); lua_rawget(L, t)
        let identity = try? LuaValues.filterValue(L, -1)
        lunette_pop(L, 1)
        let cls: AttributeClass
        if let c = string(L, t, "class") {
            guard let known = AttributeClass(rawValue: c) else { throw fail("\(key): unknown attribute class '\(c)'") }
            cls = known
        } else if let type, let c = attributeTypes[type] {
            cls = c
        } else {
            switch def ?? nil {
            case .number?: cls = .number
            case .vector?: cls = .vector
            case .color?: cls = .color
            case .string?: cls = .string
            case .transform?: cls = .value
            default: cls = key.hasSuffix("Image") ? .image : .number
            }
        }
        let resolvedType = type ?? (cls == .image ? "CIAttributeTypeImage" : cls == .number ? "CIAttributeTypeScalar" : nil)
        var spec = InputSpec(
            key, string(L, t, "displayName") ?? displayName(key), class: cls, type: resolvedType,
            default: def ?? nil, min: number(L, t, "min"), max: number(L, t, "max"),
            sliderMin: number(L, t, "sliderMin"), sliderMax: number(L, t, "sliderMax"),
            identity: identity ?? nil,
            description: string(L, t, "description") ?? displayName(key))
        if let written, let d = spec.defaultValue, written != d.description { spec.defaultSource = written }
        if cls == .number, spec.defaultValue == nil { throw fail("\(key): a number input needs a default") }
        if let d = spec.defaultValue {
            do { spec.defaultValue = try spec.coerce(d, filter: "plugin") } catch let e as LunetteError {
                throw fail(
                    "\(key): default \(d) is not valid (\(e.message.replacingOccurrences(of: "plugin.\(key): ", with: "")))")
            }
        }
        if let lo = spec.min, let hi = spec.max, lo > hi { throw fail("\(key): min \(fmt(lo)) is above max \(fmt(hi))") }
        return spec
    }

    /// `inputGlowRadius` → "Glow Radius".
    static func displayName(_ key: String) -> String {
        var out = ""
        for ch in key.dropFirst(5) {
            if ch.isUppercase, !out.isEmpty { out += " " }
            out.append(ch)
        }
        return out
    }

    static func string(_ L: OpaquePointer, _ t: Int32, _ key: String) -> String? {
        lua_pushstring(L, key); lua_rawget(L, t)
        defer { lunette_pop(L, 1) }
        return LuaValues.string(L, -1)
    }

    static func number(_ L: OpaquePointer, _ t: Int32, _ key: String) -> Double? {
        lua_pushstring(L, key); lua_rawget(L, t)
        defer { lunette_pop(L, 1) }
        return lua_type(L, -1) == LUA_TNUMBER ? lua_tonumberx(L, -1, nil) : nil
    }

    static func strings(_ L: OpaquePointer, _ t: Int32, _ key: String) -> [String]? {
        lua_pushstring(L, key); lua_rawget(L, t)
        defer { lunette_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return nil }
        let n = Int(lua_rawlen(L, -1))
        return (0..<n).compactMap { i in
            lua_rawgeti(L, -1, lua_Integer(i + 1))
            defer { lunette_pop(L, 1) }
            return LuaValues.string(L, -1)
        }
    }
}
