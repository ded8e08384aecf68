import CLua
import CLuaShim
import Codecs
import Filters
import Foundation
import PixelCore

/// Specials and plugins: the shipped ones embedded in the binary, then the user's.
extension LuaRuntime {
    /// Loads `scripts/specials/*.lua`, `scripts/plugins/*.lua`, then the user's
    /// `<config>/specials` and `<config>/plugins`; failures become `warnings`.
    func loadExtensions() {
        for (path, source) in embeddedScripts where path.hasPrefix("scripts/specials/") {
            record { try run(chunk: source, name: "@" + path) }
        }
        for (path, source) in embeddedScripts where path.hasPrefix("scripts/plugins/") {
            record { try loadPlugin(source: source, name: path) }
        }
        guard let config = options.configDirectory else { return }
        for path in luaFiles(in: config + "/specials") {
            record { try runFile(path) }
        }
        for path in luaFiles(in: config + "/plugins") {
            record { try loadPlugin(path: path) }
        }
    }

    func record(_ body: () throws -> Void) {
        do { try body() } catch { warnings.append("\(error)".split(separator: "\n").first.map(String.init) ?? "\(error)") }
    }

    func luaFiles(in dir: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { dir + "/" + $0 }
    }

    /// Loads a plugin file: it runs sandboxed and declares filters with `lunette.filter{…}`.
    public func loadPlugin(path: String) throws {
        let bytes = try AtomicFile.read(path)
        try loadPlugin(source: String(decoding: bytes, as: UTF8.self), name: path)
    }

    /// Loads plugin source; `name` labels errors (`name:line: …`). The top level runs under
    /// `pluginLoadSeconds`; a file that returns something other than the filters it
    /// declared (`return lunette.filter{…}`) gets a warning.
    public func loadPlugin(source: String, name: String) throws {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        try load(source, name: "@" + name)
        try setSandboxEnvironment(functionAt: -1)
        let outer = loadingPlugin
        loadingPlugin = (name, source, [])
        defer { loadingPlugin = outer }
        pluginDepth += 1; pluginCalls += 1
        let seconds = min(options.cpuSeconds, options.pluginLoadSeconds)
        lunette_budget_begin(L, seconds, "plugin \(name) (loading)")
        defer { lunette_budget_end(L); pluginDepth -= 1; pluginCalls -= 1 }
        try naming(name) { try call(nargs: 0, nresults: LUA_MULTRET, handler: base) }
        let declared = loadingPlugin?.declared ?? []
        let top = lua_gettop(L)
        let results = top > base ? Array(base + 1...top) : []
        if results.isEmpty, declared.isEmpty {
            warnings.append("plugin \(name) declares no filter (a plugin file ends with `return lunette.filter{…}`)")
        }
        for i in results where !(LuaValues.string(L, i).map(declared.contains) ?? false) {
            let what = lua_type(L, i) == LUA_TSTRING ? "'\(LuaValues.string(L, i) ?? "")'" : "a \(LuaValues.typeName(L, i))"
            warnings.append("plugin \(name) returned \(what), not a filter it declared (end it with `return lunette.filter{…}`)")
        }
    }

    /// Runs `body`; a memory-cap error from it names the plugin (once).
    func naming(_ plugin: String, _ body: () throws -> Void) throws {
        do { try body() } catch var e as LuaScriptError where e.message.hasPrefix("not enough memory") {
            e.message = "plugin \(plugin): " + e.message
            throw e
        }
    }

    /// Registers a plugin descriptor whose `apply` is the Lua function `ref` in the registry.
    func registerPlugin(_ spec: PluginSpec, applyRef: Int32) {
        var d = spec.descriptor
        let name = d.name
        d.build = { [weak self] inputs in
            guard let self else { throw LunetteError(.script, "plugin \(name): its Lua state is gone") }
            return try self.callPlugin(name: name, ref: applyRef, inputs: inputs)
        }
        if let file = loadingPlugin?.name {
            if let earlier = pluginOrigins[name], earlier != file {
                let used = (file as NSString).lastPathComponent
                warnings.append(
                    "\(name) is declared by \(earlier) and by \(file); \(used)'s is used (plugins load in file-name order)")
            }
            pluginOrigins[name] = file
            loadingPlugin?.declared.append(name)
        }
        registry.register(d)
        pushPrivate("defineStep")
        LuaValues.pushString(L, name)
        _ = try? call(nargs: 1, nresults: 0, handler: 0)
    }

    /// Runs a plugin's `apply(f)` under the sandbox budget; it must return an Image.
    func callPlugin(name: String, ref: Int32, inputs: FilterInputs) throws -> Image {
        lua_pushcclosure(L, lunette_traceback, 0)
        let base = lua_gettop(L)
        defer { lua_settop(L, base - 1) }
        lunette_getref(L, ref)
        let f = Filter(try registry.descriptor(named: name), values: inputs.values)
        LuaValues.pushObject(L, f, "lunette.Filter")
        pluginDepth += 1; pluginCalls += 1
        lunette_budget_begin(L, options.cpuSeconds, "plugin \(name)")
        defer { lunette_budget_end(L); pluginDepth -= 1; pluginCalls -= 1 }
        try naming(name) { try call(nargs: 1, nresults: 1, handler: base) }
        guard let out: Image = LuaValues.object(L, -1, "lunette.Image") else {
            throw LunetteError(.script, "plugin \(name): apply must return an Image, got \(LuaValues.typeName(L, -1))")
        }
        return out
    }
}
