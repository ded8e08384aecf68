import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// Styled text runs written as a Lua table, for CIAttributedTextImageGenerator's text:
/// each element a string (a run in the default style) or a table whose first entry is the
/// text and whose fields are `font`, `size`, `color` (a Color or "#rrggbb[aa]") and
/// `underline`. The table becomes the JSON array of runs the filter reads.
/// Lua: `CIAttributedTextImageGenerator{text = {{"Hello ", font = "DejaVu Serif", size = 24}, {"world", color = Color(1, 0, 0), underline = true}}}`
extension LuaValues {
    static let runFields = ["font", "size", "color", "underline"]

    /// The JSON text of a table of runs, or nil when the table at `n` is not a list of runs.
    static func textRuns(_ L: OpaquePointer, _ n: Int32) throws -> String? {
        let idx = lua_absindex(L, n)
        let count = Int(lua_rawlen(L, idx))
        guard count > 0 else { return nil }
        var runs: [[String: Any]] = []
        for i in 1...count {
            lua_rawgeti(L, idx, lua_Integer(i))
            defer { lunette_pop(L, 1) }
            switch lua_type(L, -1) {
            case LUA_TSTRING: runs.append(["text": string(L, -1) ?? ""])
            case LUA_TTABLE where !hasAnyMetatable(L, -1) && !startsWithNumber(L, -1):
                runs.append(try run(L, lua_absindex(L, -1), number: i))
            default: return nil
            }
        }
        let data = try JSONSerialization.data(withJSONObject: runs)
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether the table at `n` starts with a number: a row of numbers, not a run.
    static func startsWithNumber(_ L: OpaquePointer, _ n: Int32) -> Bool {
        lua_rawgeti(L, n, 1)
        defer { lunette_pop(L, 1) }
        return lua_type(L, -1) == LUA_TNUMBER
    }

    /// Whether the value at `n` has a metatable (a Color, Vector or other value type, not a run).
    static func hasAnyMetatable(_ L: OpaquePointer, _ n: Int32) -> Bool {
        guard lua_getmetatable(L, n) != 0 else { return false }
        lunette_pop(L, 1)
        return true
    }

    /// One run table as a JSON object.
    static func run(_ L: OpaquePointer, _ idx: Int32, number i: Int) throws -> [String: Any] {
        func bad(_ why: String) -> LunetteError { LunetteError.invalid("text run \(i): \(why)") }
        var out: [String: Any] = [:]
        lua_rawgeti(L, idx, 1)
        let text = string(L, -1)
        lunette_pop(L, 1)
        guard let text else { throw bad("its first entry must be the text (a string)") }
        out["text"] = text
        lua_pushnil(L)
        while lua_next(L, idx) != 0 {
            // The value is at -1, its key at -2; an error pops both, as lua_next will not run again.
            func fail(_ why: String) -> LunetteError {
                lunette_pop(L, 2)
                return bad(why)
            }
            if lua_type(L, -2) == LUA_TNUMBER, lua_tonumberx(L, -2, nil) == 1 {
                lunette_pop(L, 1)
                continue
            }
            guard lua_type(L, -2) == LUA_TSTRING, let key = string(L, -2), runFields.contains(key) else {
                let name = lua_type(L, -2) == LUA_TSTRING ? "'\(string(L, -2) ?? "")'" : "of type \(typeName(L, -2))"
                throw fail("unknown field \(name) (a run is {\"text\", font = …, size = …, color = …, underline = …})")
            }
            switch (key, lua_type(L, -1)) {
            case ("font", LUA_TSTRING), ("color", LUA_TSTRING): out[key] = string(L, -1)
            case ("size", LUA_TNUMBER): out[key] = lua_tonumberx(L, -1, nil)
            case ("underline", LUA_TBOOLEAN): out[key] = lua_toboolean(L, -1) != 0
            case ("color", LUA_TTABLE):
                guard let c = fields(L, -1, "lunette.Color", ["r", "g", "b", "a"]) else {
                    throw fail("color must be a Color or \"#rrggbb[aa]\"")
                }
                out[key] = c
            default:
                let want = ["font": "a string", "size": "a number", "underline": "a boolean"][key] ?? "a Color"
                throw fail("\(key) must be \(want), got \(typeName(L, -1))")
            }
            lunette_pop(L, 1)
        }
        return out
    }
}
