import CLua
import CLuaShim
import Foundation
import PixelCore

/// A `Chain` living in a Lua state, held for Swift callers (batch and video runners).
/// Lua: `Chain.load("look.lua")`. Use it only on the thread that owns its runtime.
public final class LuaChain {
    let ref: Int32
    /// The look's name (presets files) or nil.
    public let name: String?
    /// `tostring(chain)`: one line per step.
    public let listing: String
    /// Number of steps, enabled or not.
    public let count: Int

    init(ref: Int32, name: String?, listing: String, count: Int) {
        self.ref = ref; self.name = name; self.listing = listing; self.count = count
    }
}

extension LuaRuntime {
    /// The chain of a file (nil: an empty chain) followed by CLI step expressions; with
    /// `present`, steps run with their specials. CLI: `lunette apply --chain look.lua -f …`
    public func chain(file: String?, steps: [String] = [], present: Bool = false) throws -> LuaChain {
        lunette_budget_begin(L, options.cpuSeconds, file ?? "-f steps")  // untrusted expressions
        defer { lunette_budget_end(L) }
        try withCall([Self.privateTable, "chainfor"], nresults: 1) {
            if let file { LuaValues.pushString(L, file) } else { lua_pushnil(L) }
            lua_createtable(L, Int32(steps.count), 0)
            for (i, s) in steps.enumerated() {
                LuaValues.pushString(L, s)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            lua_pushboolean(L, present ? 1 : 0)
            return 3
        }
        return try holdChain()
    }

    /// The named looks of a presets file, in order. CLI: `lunette video --fanout DIR --presets looks.lua`
    public func looks(file: String, present: Bool = false) throws -> [LuaChain] {
        try withCall([Self.privateTable, "lookchains"], nresults: 1) {
            LuaValues.pushString(L, file)
            lua_pushboolean(L, present ? 1 : 0)
            return 2
        }
        let list = lua_gettop(L)
        defer { lua_settop(L, list - 1) }
        var out: [LuaChain] = []
        let n = Int(lua_rawlen(L, list))
        for i in 0..<n {
            lua_rawgeti(L, list, lua_Integer(i + 1))
            out.append(try holdChain())
        }
        return out
    }

    /// The final output of `chain` on `image`; per-frame inputs (functions, `Expr`) see
    /// `frame`, `time` and `fps`. `memoryHint`: bytes the image holds that Lua cannot see
    /// (a video frame), so that the collector keeps up and old frames are freed.
    public func apply(
        _ chain: LuaChain, to image: Image, frame: Int = 0, time: Double = 0,
        fps: Double? = nil, memoryHint: Int = 0
    ) throws -> Image {
        if memoryHint > 0 { lunette_gc_step(L, memoryHint) }
        try withCall(["Chain", "apply"], nresults: 1) {
            lunette_getref(L, chain.ref)
            LuaValues.pushImage(L, image)
            lua_createtable(L, 0, 3)
            lua_pushinteger(L, lua_Integer(frame))
            lua_setfield(L, -2, "frame")
            lua_pushnumber(L, time)
            lua_setfield(L, -2, "time")
            if let fps {
                lua_pushnumber(L, fps)
                lua_setfield(L, -2, "fps")
            }
            return 3
        }
        defer { lunette_pop(L, 1) }
        guard let out: Image = LuaValues.object(L, -1, "lunette.Image") else {
            throw LunetteError(.script, "the chain did not produce an image (got \(LuaValues.typeName(L, -1)))")
        }
        return out
    }

    /// Calls the function at `path` (`{"Chain", "apply"}`; a path starting with `privateTable`
    /// reads stdlib.lua's private table) with the arguments `push` pushes, leaving `nresults`
    /// results on the stack (the caller pops them).
    func withCall(_ path: [String], nresults: Int32, _ push: () -> Int32) throws {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        if path[0] == Self.privateTable { lunette_getregistry(L, Self.privateTable) } else { lua_getglobal(L, path[0]) }
        for key in path.dropFirst() {
            lua_getfield(L, -1, key)
            lua_rotate(L, -2, 1)
            lunette_pop(L, 1)
        }
        let nargs = push()
        do {
            try call(nargs: nargs, nresults: nresults, handler: base)
        } catch {
            lua_settop(L, base - 1)
            throw error
        }
        lua_rotate(L, base, -1)
        lunette_pop(L, 1)
    }

    /// Pops the chain on top of the stack into a `LuaChain` (name, size and listing come from Lua).
    func holdChain() throws -> LuaChain {
        let idx = lua_gettop(L)
        defer { lua_settop(L, idx - 1) }
        try withCall([Self.privateTable, "chaininfo"], nresults: 4) {
            lua_pushvalue(L, idx)
            return 1
        }
        let name = LuaValues.string(L, -3)
        let count = Int(lua_tointegerx(L, -2, nil))
        let listing = LuaValues.string(L, -1) ?? "Chain"
        lunette_pop(L, 3)
        let ref = lunette_ref(L)
        return LuaChain(ref: ref, name: name, listing: listing, count: count)
    }
}
