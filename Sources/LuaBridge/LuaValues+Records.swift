import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// A record of named scalars (CIBarcodeGenerator's descriptor), read as its JSON object text;
/// a list of Vectors (CIMeshGenerator's segments) is read as rows by `LuaValues.rows`.
/// Lua: `CIMeshGenerator{mesh = {Vector(0, 0, 80, 60), Vector(80, 60, 160, 0)}}`,
/// `CIBarcodeGenerator{barcodeDescriptor = {symbology = "QR", message = "hi"}}`
extension LuaValues {
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
