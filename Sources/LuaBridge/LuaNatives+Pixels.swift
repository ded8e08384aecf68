import CLua
import CLuaShim
import Foundation
import PixelCore

/// Natives that run Lua per pixel (`Image.new`, `lunette.colorKernel`): evaluated eagerly
/// on the calling thread, since a Lua state is single-threaded. Slow by nature.
extension LuaNatives {
    static let pixels: [(name: String, function: NativeFunction)] = [
        (
            "image_new",
            { c in
                let w = try c.number(1), h = try c.number(2)
                guard w >= 1, w.isFinite, w == w.rounded() else { throw c.argError(1, "positive whole number") }
                guard h >= 1, h.isFinite, h == h.rounded() else { throw c.argError(2, "positive whole number") }
                guard lua_type(c.L, 3) == LUA_TFUNCTION else { throw c.argError(3, "function") }
                try Limits.check(Rect(0, 0, w, h), what: "Image.new")
                try Limits.check(width: Int(w), height: Int(h), what: "Image.new")
                let buf = PixelBuffer(IRect(0, 0, Int(w), Int(h)))
                try perPixel(c, function: 3, count: buf.rect.count) { i in
                    let x = i % buf.width, y = i / buf.width
                    lua_pushnumber(c.L, Double(x)); lua_pushnumber(c.L, Double(y))
                    return 2
                } store: { i, color in
                    buf.pixels[i] = Transfer.workingPixel(color)
                }
                LuaValues.pushImage(c.L, Image(SourceNode(buf)))
                return 1
            }
        ),
        (
            "image_map",
            { c in
                let img = try c.image(1)
                guard lua_type(c.L, 2) == LUA_TFUNCTION else { throw c.argError(2, "function") }
                let rect = try Context.renderRect(for: img)
                let buf = try Context().render(img, rect: rect)
                try perPixel(c, function: 2, count: rect.count) { i in
                    let col = Transfer.color(buf.pixels[i])
                    for v in [col.r, col.g, col.b, col.a] { lua_pushnumber(c.L, v) }
                    return 4
                } store: { i, color in
                    buf.pixels[i] = Transfer.workingPixel(color)
                }
                LuaValues.pushImage(c.L, Image(SourceNode(buf)))
                return 1
            }
        ),
    ]

    /// Calls the Lua function at `function` once per pixel; it returns a Color or r, g, b[, a].
    static func perPixel(
        _ c: LuaCall, function: Int32, count: Int, args: (Int) -> Int32,
        store: (Int, Color) -> Void
    ) throws {
        let rt = try c.runtime
        lua_pushcclosure(c.L, lunette_traceback, 0)
        let handler = lua_gettop(c.L)
        defer { lua_settop(c.L, handler - 1) }
        for i in 0..<count {
            lua_pushvalue(c.L, function)
            let n = args(i)
            try rt.call(nargs: n, nresults: 4, handler: handler)
            let color: Color
            if let v = LuaValues.fields(c.L, -4, "lunette.Color", ["r", "g", "b", "a"]) {
                color = Color(v[0], v[1], v[2], v[3])
            } else if lua_type(c.L, -4) == LUA_TNUMBER, lua_type(c.L, -3) == LUA_TNUMBER, lua_type(c.L, -2) == LUA_TNUMBER {
                let a = lua_type(c.L, -1) == LUA_TNUMBER ? lua_tonumberx(c.L, -1, nil) : 1
                color = Color(lua_tonumberx(c.L, -4, nil), lua_tonumberx(c.L, -3, nil), lua_tonumberx(c.L, -2, nil), a)
            } else {
                throw LunetteError(
                    .script,
                    "\(c.name): the pixel function must return a Color or r, g, b[, a] numbers, got \(LuaValues.typeName(c.L, -4))"
                )
            }
            lunette_pop(c.L, 4)
            store(i, color)
        }
    }
}
