import CLua
import CLuaShim
import Foundation
import PixelCore

/// A Lua error that reached Swift: the message (with `file:line` and traceback) and
/// the exit status it maps to.
public struct LuaScriptError: Error, CustomStringConvertible {
    public var message: String
    public var status: ExitStatus
    public var description: String { message }
}

/// One Lua 5.4 state with Lunette's API loaded (stdlib.lua, value types, filters).
/// Lua: every script run by `lunette run` gets one.
public final class LuaRuntime {
    let L: OpaquePointer
    var lastError: LunetteError?

    /// A fresh state with the standard libraries, the native primitives and stdlib.lua.
    public init() throws {
        guard let state = lunette_newstate() else { throw LunetteError.limit("cannot create a Lua state") }
        L = state
        if lunette_protected_openlibs(L) != LUA_OK { throw LunetteError(.script, "cannot open the Lua libraries") }
        lua_pushlightuserdata(L, Unmanaged.passUnretained(self).toOpaque())
        lunette_setregistry(L, "lunette.runtime")
        lua_createtable(L, 0, 4)
        LuaDispatch.pushNativeTable(L)
        lua_setfield(L, -2, "_native")
        lua_setglobal(L, "lunette")
        try run(chunk: embeddedStdlib, name: "=stdlib.lua")
    }

    deinit { lua_close(L) }

    static func from(_ L: OpaquePointer) -> LuaRuntime? {
        lunette_getregistry(L, "lunette.runtime")
        defer { lunette_pop(L, 1) }
        guard let p = lua_touserdata(L, -1) else { return nil }
        return Unmanaged<LuaRuntime>.fromOpaque(p).takeUnretainedValue()
    }

    func noteError(_ e: LunetteError) { lastError = e }

    /// Runs a script file with `arg` set as the `lua` command does (`arg[0]` = script).
    public func runFile(_ path: String, arguments: [String] = []) throws {
        lua_createtable(L, Int32(arguments.count), 1)
        LuaValues.pushString(L, path)
        lua_rawseti(L, -2, 0)
        for (i, a) in arguments.enumerated() {
            LuaValues.pushString(L, a)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_setglobal(L, "arg")
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        let status = lunette_loadfile(L, path)
        if status == LUA_ERRFILE {
            throw LuaScriptError(message: "cannot open \(path)", status: .io)
        }
        if status != LUA_OK { throw scriptError(status) }
        for a in arguments { LuaValues.pushString(L, a) }
        try call(nargs: Int32(arguments.count), nresults: 0, handler: base)
    }

    /// Runs a chunk of Lua source; `name` follows Lua's chunkname rules (`=name`, `@file`).
    public func run(chunk: String, name: String) throws {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        var source = chunk
        let status = source.withUTF8 { buf in
            lunette_loadbuffer(L, UnsafeRawPointer(buf.baseAddress!).assumingMemoryBound(to: CChar.self), buf.count, name, "t")
        }
        if status != LUA_OK { throw scriptError(status) }
        try call(nargs: 0, nresults: 0, handler: base)
    }

    /// Applies CLI step expressions (`CISepiaTone{intensity = 0.8}`) to an image in order.
    public func applySteps(_ image: Image, _ steps: [String]) throws -> Image {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        lua_getglobal(L, "lunette")
        lua_getfield(L, -1, "applysteps")
        lua_rotate(L, -2, -1)
        lunette_pop(L, 1)
        LuaValues.pushImage(L, image)
        lua_createtable(L, Int32(steps.count), 0)
        for (i, s) in steps.enumerated() {
            LuaValues.pushString(L, s)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        try call(nargs: 2, nresults: 1, handler: base)
        guard let out: Image = LuaValues.object(L, -1, "lunette.Image") else {
            throw LunetteError(.script, "steps did not produce an image")
        }
        return out
    }

    func call(nargs: Int32, nresults: Int32, handler: Int32) throws {
        lastError = nil
        let status = lunette_pcall(L, nargs, nresults, handler)
        if status != LUA_OK { throw scriptError(status) }
    }

    /// Turns the error value on top of the stack into a `LuaScriptError`, keeping the exit
    /// status of a Swift error that caused it (bad image → 3, limit → 5, …).
    func scriptError(_ status: Int32) -> LuaScriptError {
        let message = LuaValues.string(L, -1) ?? "(error object is a \(LuaValues.typeName(L, -1)) value)"
        var exit = ExitStatus.script
        if let e = lastError, message.contains(e.message) { exit = e.status }
        if status == LUA_ERRMEM { exit = .limit }
        return LuaScriptError(message: message, status: exit)
    }
}
