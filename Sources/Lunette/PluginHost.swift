import Filters
import Foundation
import LuaBridge
import PixelCore

/// The Lua state behind the plugin filters of a Swift program. A Lua state is used by one
/// thread at a time, so every plugin's `build` runs under one lock; the graph it returns
/// is plain Swift and renders on any thread (plugins that run Lua per pixel evaluate it
/// while building, under the lock).
final class PluginHost: @unchecked Sendable {
    static let shared = PluginHost()

    let registry: FilterRegistry
    let warnings: [String]
    private let runtime: LuaRuntime?
    private let lock = NSLock()

    private init() {
        let reg = FilterRegistry(BuiltinFilters.entries)
        var notes: [String] = []
        var rt: LuaRuntime?
        do {
            rt = try LuaRuntime(LuaOptions())
        } catch {
            notes.append("the Lua plugins are not available: \(error)")
        }
        registry = reg
        runtime = rt
        if let rt {
            notes += rt.warnings
            let builtin = Set(BuiltinFilters.entries.map(\.name))
            for name in rt.registry.names where !builtin.contains(name) {
                guard var d = rt.registry.descriptor(exactly: name) else { continue }
                let build = d.build
                let lock = self.lock
                d.build = { inputs in
                    lock.lock(); defer { lock.unlock() }
                    return try build(inputs)
                }
                reg.register(d)
            }
        }
        warnings = notes
    }
}
