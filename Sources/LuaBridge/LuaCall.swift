import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// Argument access and result pushing for one native call. Only Lua API functions that
/// cannot raise (raw access, type queries, pushes) are used from Swift.
struct LuaCall {
    let L: OpaquePointer
    let name: String

    var top: Int32 { lua_gettop(L) }

    func argError(_ n: Int32, _ expected: String) -> LuaArgumentError {
        LuaArgumentError(message: "bad argument #\(n) to '\(name)' (\(expected) expected, got \(LuaValues.typeName(L, n)))")
    }

    func isNil(_ n: Int32) -> Bool { lunette_isnoneornil(L, n) != 0 }

    func number(_ n: Int32) throws -> Double {
        guard lua_type(L, n) == LUA_TNUMBER else { throw argError(n, "number") }
        return lua_tonumberx(L, n, nil)
    }

    func string(_ n: Int32) throws -> String {
        guard lua_type(L, n) == LUA_TSTRING, let s = LuaValues.string(L, n) else { throw argError(n, "string") }
        return s
    }

    func optString(_ n: Int32) throws -> String? { isNil(n) ? nil : try string(n) }

    func image(_ n: Int32) throws -> Image {
        guard let img: Image = LuaValues.object(L, n, "lunette.Image") else {
            if lua_type(L, n) == LUA_TUSERDATA, LuaValues.hasMetatable(L, n, "lunette.Image") {
                throw LuaArgumentError(message: "bad argument #\(n) to '\(name)' (Image is closed)")
            }
            throw argError(n, "Image")
        }
        return img
    }

    var runtime: LuaRuntime {
        get throws {
            guard let rt = LuaRuntime.from(L) else { throw LunetteError(.script, "no Lunette runtime for this Lua state") }
            return rt
        }
    }

    /// Plugins may not touch files; a `--sandbox` script may read anywhere and write only
    /// relative paths inside the working directory.
    func checkFileAccess(_ what: String, _ path: String, writing: Bool) throws {
        let rt = try runtime
        if rt.pluginDepth > 0 { throw LunetteError.invalid("\(what): plugins may not access files ('\(path)')") }
        guard rt.options.sandbox, writing else { return }
        if path.hasPrefix("/") || path.split(separator: "/").contains("..") || path == "-" {
            throw LunetteError.invalid(
                "\(what): a sandboxed script may only write relative paths inside the working directory, not '\(path)'")
        }
    }

    func filter(_ n: Int32) throws -> Filter {
        guard let f: Filter = LuaValues.object(L, n, "lunette.Filter") else { throw argError(n, "Filter") }
        return f
    }

    func rect(_ n: Int32) throws -> Rect {
        guard let v = LuaValues.fields(L, n, "lunette.Rect", ["x", "y", "width", "height"]) else { throw argError(n, "Rect") }
        return Rect(v[0], v[1], v[2], v[3])
    }

    func transform(_ n: Int32) throws -> Transform {
        guard let v = LuaValues.fields(L, n, "lunette.Transform", ["a", "b", "c", "d", "tx", "ty"]) else {
            throw argError(n, "Transform")
        }
        return Transform(v[0], v[1], v[2], v[3], v[4], v[5])
    }

    func color(_ n: Int32) throws -> Color {
        guard let v = LuaValues.fields(L, n, "lunette.Color", ["r", "g", "b", "a"]) else { throw argError(n, "Color") }
        return Color(v[0], v[1], v[2], v[3])
    }

    /// A field of an options table at `n` (nil when absent or no table).
    func option(_ n: Int32, _ key: String) throws -> FilterValue? {
        guard lua_type(L, n) == LUA_TTABLE else {
            if isNil(n) { return nil }
            throw argError(n, "table")
        }
        lua_pushstring(L, key)
        lua_rawget(L, n)
        defer { lunette_pop(L, 1) }
        return try LuaValues.filterValue(L, -1)
    }
}
