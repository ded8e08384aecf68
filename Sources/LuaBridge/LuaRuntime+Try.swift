import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// What trying a filter gave: its output made presentable and the filter as Lua prints it.
public struct TryResult {
    public let image: Image
    /// `Filter("CIGaussianBlur") {inputRadius = 4}`: the inputs that differ from the defaults.
    public let filter: String
    /// `CIGaussianBlur{radius = 4} on astronaut.png (512×512)`: the photos and inputs used.
    public let caption: String
}

/// `lunette try` and the gallery: filters on stock inputs (`lunette.try` in stdlib/stock.lua).
extension LuaRuntime {
    /// The filter with defaults, stock images by role, its specials, then `key=value` overrides
    /// (values are Lua expressions). CLI: `lunette try CIGaussianBlur radius=4`
    public func tryFilter(_ name: String, arguments: [String] = []) throws -> TryResult {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        pushLunetteField("try")
        LuaValues.pushString(L, name)
        pushPrivate("tryargs")
        lua_createtable(L, Int32(arguments.count), 0)
        for (i, a) in arguments.enumerated() {
            LuaValues.pushString(L, a)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        try call(nargs: 1, nresults: 1, handler: base)
        try call(nargs: 2, nresults: 3, handler: base)
        guard let out: Image = LuaValues.object(L, -3, "lunette.Image") else {
            throw LunetteError(.script, "\(name): lunette.try did not give an image")
        }
        let caption = LuaValues.string(L, -1) ?? name
        lunette_pop(L, 1)
        lua_getglobal(L, "tostring")
        lua_rotate(L, -2, 1)
        try call(nargs: 1, nresults: 1, handler: base)
        let canonical = (try? FilterRegistry.shared.descriptor(named: name).name) ?? name
        return TryResult(
            image: try ReductionThumbnail.present(out, filter: canonical),
            filter: LuaValues.string(L, -1) ?? name, caption: caption)
    }

    /// The longest side stock photos are scaled to (nil: as stored); Lua `stock.size`.
    public func setStockSize(_ size: Int?) {
        lua_getglobal(L, "stock")
        guard lua_type(L, -1) == LUA_TTABLE else { lunette_pop(L, 1); return }
        if let size { lua_pushinteger(L, lua_Integer(size)) } else { lua_pushnil(L) }
        lua_setfield(L, -2, "size")
        lunette_pop(L, 1)
    }

    /// Pushes `lunette[name]`.
    func pushLunetteField(_ name: String) {
        lua_getglobal(L, "lunette")
        lua_getfield(L, -1, name)
        lua_rotate(L, -2, -1)
        lunette_pop(L, 1)
    }
}
