import CLua
import CLuaShim
import Codecs
import Filters
import Foundation
import PixelCore

/// A Lua error that reached Swift: the message (with `file:line` and traceback) and
/// the exit status it maps to.
public struct LuaScriptError: Error, CustomStringConvertible {
    public var message: String
    public var status: ExitStatus
    public var description: String { message }
    /// The message without Lua's stack traceback (what the CLI prints unless `--traceback`).
    public var summary: String { message.components(separatedBy: "\nstack traceback:").first ?? message }
}

extension LuaRuntime {
    /// The Lua release linked, e.g. "Lua 5.4.6".
    public static var luaRelease: String { String(cString: lunette_lua_release()) }
}

/// How a Lua state is set up.
public struct LuaOptions: Sendable {
    /// Run user scripts under the plugin sandbox rules (`lunette run --sandbox`).
    public var sandbox = false
    /// CPU seconds a plugin call or sandboxed script may use.
    public var cpuSeconds: Double = 5
    /// CPU seconds a plugin file's top level may use while loading (every command loads
    /// every plugin: a looping one must not delay them all by `cpuSeconds`).
    public var pluginLoadSeconds: Double = 0.5
    /// Lua heap cap while sandboxed code runs.
    public var memoryBytes = 256 << 20
    /// Lua instructions a plugin call or sandboxed script may run (0 = no limit).
    public var instructions = 0
    /// Apply the instruction and memory budgets to every script run, trusted or not
    /// (`lunette run --lua-memory 64`), and `scriptCpuSeconds`; plugins always have them.
    public var budgetScripts = false
    /// CPU seconds for a trusted script under `budgetScripts` (nil: no CPU limit).
    public var scriptCpuSeconds: Double?
    /// Load the shipped and user plugins and specials.
    public var loadExtensions = true
    /// The user's config folder (default `$XDG_CONFIG_HOME/lunette` or `~/.config/lunette`).
    public var configDirectory: String? = LuaOptions.defaultConfigDirectory

    public init() {}

    public static var defaultConfigDirectory: String? {
        let env = { (name: String) in getenv(name).map { String(cString: $0) } }
        if let x = env("XDG_CONFIG_HOME"), !x.isEmpty { return x + "/lunette" }
        if let h = env("HOME"), !h.isEmpty { return h + "/.config/lunette" }
        return nil
    }
}

/// One Lua 5.4 state with Lunette's API loaded (stdlib.lua and its parts, value types, filters,
/// specials and plugins). Lua: every script run by `lunette run` gets one.
public final class LuaRuntime {
    let L: OpaquePointer
    let options: LuaOptions
    /// Built-in filters plus the plugins this state loaded.
    public let registry = FilterRegistry(BuiltinFilters.entries)
    /// Problems met while loading plugins and specials (one line each).
    public internal(set) var warnings: [String] = []
    var lastError: LunetteError?
    /// > 0 while plugin code runs (no file access there).
    var pluginDepth = 0
    /// The plugin file being loaded: its name, source (for declaration order) and the
    /// filters it declared so far.
    var loadingPlugin: (name: String, source: String, declared: [String])?
    /// > 0 while a plugin file loads or a plugin's `apply` runs (sandbox messages say "plugins").
    var pluginCalls = 0
    /// The file that declared each plugin filter (to name both files of a duplicate).
    var pluginOrigins: [String: String] = [:]
    var preview: ((Image, Int?) throws -> Void)?

    /// The registry key of stdlib.lua's private table: the glue only Swift calls.
    static let privateTable = "lunette.private"

    /// A fresh state with the standard libraries, the native primitives and stdlib.lua.
    public init(_ options: LuaOptions = LuaOptions()) throws {
        guard let state = lunette_newstate() else { throw LunetteError.limit("cannot create a Lua state") }
        L = state
        self.options = options
        lunette_set_memory_limit(L, options.memoryBytes)
        lunette_set_instruction_limit(L, UInt64(max(0, options.instructions)))
        if lunette_protected_openlibs(L) != LUA_OK { throw LunetteError(.script, "cannot open the Lua libraries") }
        lua_pushlightuserdata(L, Unmanaged.passUnretained(self).toOpaque())
        lunette_setregistry(L, "lunette.runtime")
        lua_createtable(L, 0, 4)
        LuaDispatch.pushNativeTable(L)
        lua_setfield(L, -2, "_native")
        lua_setglobal(L, "lunette")
        try loadStdlib()
        if options.loadExtensions { loadExtensions() }
    }

    /// Runs stdlib.lua with the sources of its parts (`stdlib/*.lua`) and their bytecode
    /// compiled at build time, and keeps the private table it returns in the registry.
    /// Lunette's own Lua runs outside the sandbox and budgets.
    func loadStdlib() throws {
        guard let stdlib = embeddedScripts.first(where: { $0.path == "stdlib.lua" }) else {
            throw LunetteError(.script, "stdlib.lua is not embedded")
        }
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        try load(stdlib.source, name: "@stdlib.lua")
        lua_createtable(L, 0, 16)
        for (path, source) in embeddedScripts where path.hasPrefix("stdlib/") {
            LuaValues.pushString(L, source)
            lua_setfield(L, -2, path)
        }
        lua_createtable(L, 0, 16)
        for (path, base64) in embeddedBytecode {
            guard let code = Data(base64Encoded: base64) else { continue }
            code.withUnsafeBytes { _ = lua_pushlstring(L, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count) }
            lua_setfield(L, -2, path)
        }
        try call(nargs: 2, nresults: 1, handler: base)
        guard lua_type(L, -1) == LUA_TTABLE else { throw LunetteError(.script, "stdlib.lua did not return its private table") }
        lunette_setregistry(L, Self.privateTable)
    }

    /// Pushes the private table's field `name` (a Swift entry point of stdlib.lua).
    func pushPrivate(_ name: String) {
        lunette_getregistry(L, Self.privateTable)
        lua_getfield(L, -1, name)
        lua_rotate(L, -2, -1)
        lunette_pop(L, 1)
    }

    deinit { lunette_close(L) }

    static func from(_ L: OpaquePointer) -> LuaRuntime? {
        lunette_getregistry(L, "lunette.runtime")
        defer { lunette_pop(L, 1) }
        guard let p = lua_touserdata(L, -1) else { return nil }
        return Unmanaged<LuaRuntime>.fromOpaque(p).takeUnretainedValue()
    }

    func noteError(_ e: LunetteError) { lastError = e }

    /// True while sandboxed code runs (a plugin, or a script under `--sandbox`).
    var sandboxActive: Bool { pluginDepth > 0 || options.sandbox }

    /// Runs a script file with `arg` set as the `lua` command does (`arg[0]` = script).
    public func runFile(_ path: String, arguments: [String] = []) throws {
        let source: [UInt8]
        do { source = try AtomicFile.read(path) } catch let e as LunetteError {
            throw LuaScriptError(message: e.message, status: e.status)
        }
        var text = String(decoding: source, as: UTF8.self)
        if text.hasPrefix("#") { text = "--" + text }  // a shebang line, as lua does
        try run(chunk: text, name: "@" + path, arguments: arguments, argZero: path)
    }

    /// Sets the global `arg` as `lua` does: `arg[0]` the script, `arg[1…]` its arguments.
    func setArg(zero: String, _ arguments: [String]) {
        lua_createtable(L, Int32(arguments.count), 1)
        LuaValues.pushString(L, zero)
        lua_rawseti(L, -2, 0)
        for (i, a) in arguments.enumerated() {
            LuaValues.pushString(L, a)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_setglobal(L, "arg")
    }

    /// Runs a chunk of Lua source; `name` follows Lua's chunkname rules (`=name`, `@file`).
    /// With `argZero`, the global `arg` is set first (`lunette -e CODE args…`).
    public func run(chunk: String, name: String, arguments: [String] = [], argZero: String? = nil) throws {
        if let argZero { setArg(zero: argZero, arguments) }
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        try load(chunk, name: name)
        if options.sandbox { try setSandboxEnvironment(functionAt: -1) }
        for a in arguments { LuaValues.pushString(L, a) }
        if options.sandbox || options.budgetScripts {
            let seconds = options.sandbox ? options.cpuSeconds : options.scriptCpuSeconds ?? .infinity
            lunette_budget_begin(L, seconds, options.sandbox ? "sandboxed script" : "script")
            defer { lunette_budget_end(L) }
            try call(nargs: Int32(arguments.count), nresults: 0, handler: base)
        } else {
            try call(nargs: Int32(arguments.count), nresults: 0, handler: base)
        }
    }

    func load(_ chunk: String, name: String) throws {
        var source = chunk
        let status = source.withUTF8 { buf in
            lunette_loadbuffer(L, UnsafeRawPointer(buf.baseAddress!).assumingMemoryBound(to: CChar.self), buf.count, name, "t")
        }
        if status != LUA_OK { throw scriptError(status) }
    }

    /// Replaces the `_ENV` of the function at `index` with a fresh sandbox environment.
    func setSandboxEnvironment(functionAt index: Int32) throws {
        let fn = lua_absindex(L, index)
        pushPrivate("sandbox")  // not `lunette.sandbox`, which a script may replace
        try call(nargs: 0, nresults: 1, handler: 0)
        _ = lua_setupvalue(L, fn, 1)
    }

    /// Applies CLI step expressions (`CISepiaTone{intensity = 0.8}`) to an image in order;
    /// with `present`, each step runs with its specials (clamp before a blur, crop after…).
    public func applySteps(_ image: Image, _ steps: [String], present: Bool = false) throws -> Image {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        pushPrivate("applysteps")
        LuaValues.pushImage(L, image)
        lua_createtable(L, Int32(steps.count), 0)
        for (i, s) in steps.enumerated() {
            LuaValues.pushString(L, s)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        lua_pushboolean(L, present ? 1 : 0)
        lunette_budget_begin(L, options.cpuSeconds, "-f steps")  // steps are untrusted expressions
        defer { lunette_budget_end(L) }
        try call(nargs: 3, nresults: 1, handler: base)
        guard let out: Image = LuaValues.object(L, -1, "lunette.Image") else {
            throw LunetteError(.script, "steps did not produce an image")
        }
        return out
    }

    /// Lua error texts that mean a limit was hit (exit code 5).
    static let limitMessages = [
        "CPU budget of", "instruction budget of", "time limit of", "not enough memory",
        "C stack overflow", "stack overflow", "image graph is",
    ]

    func call(nargs: Int32, nresults: Int32, handler: Int32) throws {
        lastError = nil
        let status = lunette_pcall(L, nargs, nresults, handler)
        if status != LUA_OK { throw scriptError(status) }
    }

    /// Turns the error value on top of the stack into a `LuaScriptError`, keeping the exit
    /// status of a Swift error that caused it (bad image → 3, limit → 5, …).
    func scriptError(_ status: Int32) -> LuaScriptError {
        var message = LuaValues.string(L, -1) ?? "(error object is a \(LuaValues.typeName(L, -1)) value)"
        // Once: an error from a plugin inside a script passes here twice.
        if status == LUA_ERRMEM || (message.hasPrefix("not enough memory") && !message.contains("Lua memory cap of")) {
            message =
                "not enough memory: Lua memory cap of \(options.memoryBytes >> 20) MiB reached (set --lua-memory)"
                + message.dropFirst(status == LUA_ERRMEM ? message.count : "not enough memory".count)
        }
        if sandboxActive {
            message = Self.sandboxMessage(
                message, who: pluginCalls > 0 ? "plugins" : options.sandbox ? "sandboxed scripts" : "sandboxed code")
        }
        var exit = ExitStatus.script
        if let e = lastError, message.contains(e.message) { exit = e.status }
        if status == LUA_ERRMEM || Self.limitMessages.contains(where: message.contains) { exit = .limit }
        return LuaScriptError(message: message, status: exit)
    }
}

extension LuaRuntime {
    /// The results the Lua spec support collected: checks run and failure messages.
    public func specResults() throws -> (Int, [String]) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_getglobal(L, "spec_results")
        try call(nargs: 0, nresults: 2, handler: 0)
        let count = Int(lua_tonumberx(L, -2, nil))
        let failures = (0..<Int(lua_rawlen(L, -1))).compactMap { i -> String? in
            lua_rawgeti(L, -1, lua_Integer(i + 1))
            defer { lunette_pop(L, 1) }
            return LuaValues.string(L, -1)
        }
        return (count, failures)
    }
}
