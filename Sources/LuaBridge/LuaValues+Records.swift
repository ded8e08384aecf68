import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// Two table shapes filter inputs take beyond a Vector: a list of Vectors (CIMeshGenerator's
/// segments), read as one flat Vector, and a record of named scalars (CIBarcodeGenerator's
/// descriptor), read as its JSON object text.
/// Lua: `CIMeshGenerator{mesh = {Vector(0, 0, 80, 60), Vector(80, 60, 160, 0)}}`,
/// `CIBarcodeGenerator{barcodeDescriptor = {symbology = "QR", message = "hi"}}`
extension LuaValues {
    /// The numbers of every entry of a non-empty list of number lists, in order; nil otherwise.
    static func nestedNumbers(_ L: OpaquePointer, _ n: Int32) -> [Double]? {
        let idx = lua_absindex(L, n)
        let count = Int(lua_rawlen(L, idx))
        guard count > 0 else { return nil }
        var out: [Double] = []
        for i in 0..<count {
            lua_rawgeti(L, idx, lua_Integer(i + 1))
            defer { lunette_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TTABLE, let v = numbers(L, -1), !v.isEmpty else { return nil }
            out += v
        }
        return out
    }

    /// A table whose keys are all strings and values strings, numbers or booleans, as a JSON
    /// object (keys sorted); nil for any other table.
    static func record(_ L: OpaquePointer, _ n: Int32) -> String? {
        let idx = lua_absindex(L, n)
        guard lua_rawlen(L, idx) == 0 else { return nil }
        var fields: [String: Any] = [:]
        var ok = true
        lua_pushnil(L)
        while lua_next(L, idx) != 0 {
            defer { lunette_pop(L, 1) }
            guard ok, lua_type(L, -2) == LUA_TSTRING, let key = string(L, -2) else { ok = false; continue }
            switch lua_type(L, -1) {
            case LUA_TSTRING: fields[key] = string(L, -1) ?? ""
            case LUA_TNUMBER: fields[key] = lua_tonumberx(L, -1, nil)
            case LUA_TBOOLEAN: fields[key] = lua_toboolean(L, -1) != 0
            default: ok = false
            }
        }
        guard ok, !fields.isEmpty,
            let data = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
