import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

extension LuaNatives {
    static let filters: [(name: String, function: NativeFunction)] = [
        (
            "filter_Filter",
            { c in
                // Called as Filter(name): argument 1 is the Filter table itself.
                guard lua_type(c.L, 2) == LUA_TSTRING, let name = LuaValues.string(c.L, 2) else {
                    throw LuaArgumentError(
                        message: "bad argument #1 to 'Filter' (string expected, got \(LuaValues.typeName(c.L, 2)))")
                }
                LuaValues.pushObject(c.L, Filter(try c.runtime.registry.descriptor(named: name)), "lunette.Filter")
                return 1
            }
        ),
        (
            "filter_get",
            { c in
                let f = try c.filter(1)
                let key = try c.string(2)
                switch key {
                case "outputImage": LuaValues.pushImage(c.L, try f.outputImage())
                case "name": LuaValues.pushString(c.L, f.name)
                case "attributes": LuaAttributes.push(c.L, f.descriptor.attributes)
                case "inputKeys": LuaValues.pushStrings(c.L, f.descriptor.inputKeys)
                case "outputKeys": LuaValues.pushStrings(c.L, f.descriptor.outputKeys)
                default:
                    let k = try f.resolveKey(key)
                    LuaValues.push(c.L, f.values[k], spec: f.descriptor.input(k))
                }
                return 1
            }
        ),
        (
            "filter_set",
            { c in
                let f = try c.filter(1)
                let key = try c.string(2)
                let k = try f.resolveKey(key)
                let value: FilterValue?
                // Binary strings for NSData inputs keep their exact bytes (no UTF-8 decoding).
                if f.descriptor.input(k)?.attributeClass == .data, lua_type(c.L, 3) == LUA_TSTRING {
                    try f.set(k, .data(LuaValues.bytes(c.L, 3)))
                    return 0
                }
                do { value = try LuaValues.filterValue(c.L, 3) } catch let e as LunetteError {
                    throw LunetteError.invalid("\(f.name).\(k): \(e.message)")
                }
                try f.set(k, value)
                return 0
            }
        ),
        (
            "filter_register",
            { c in
                let spec = try PluginSpec.read(c.L, 1, source: try c.runtime.loadingPlugin?.source)
                let rt = try c.runtime
                if let existing = rt.registry.descriptor(exactly: spec.descriptor.name),
                    BuiltinFilters.entries.contains(where: { $0.name == existing.name })
                {
                    throw LunetteError.invalid("plugin \(spec.descriptor.name): a built-in filter has that name")
                }
                lua_pushstring(c.L, "apply")
                lua_rawget(c.L, 1)
                let ref = lunette_ref(c.L)
                rt.registerPlugin(spec, applyRef: ref)
                LuaValues.pushString(c.L, spec.descriptor.name)
                return 1
            }
        ),
        (
            "plugin_load",
            { c in
                try c.runtime.loadPlugin(source: try c.string(1), name: try c.optString(2) ?? "plugin")
                return 0
            }
        ),
        (
            "filter_canonical",
            { c in
                let name = try c.string(1)
                if let d = try? c.runtime.registry.descriptor(named: name) {
                    LuaValues.pushString(c.L, d.name)
                } else {
                    lua_pushnil(c.L)
                }
                return 1
            }
        ),
        (
            "filter_setdefaults",
            { c in
                try c.filter(1).setDefaults(); return 0
            }
        ),
        (
            "filter_keys",
            { c in
                LuaValues.pushStrings(c.L, try c.filter(1).descriptor.inputKeys); return 1
            }
        ),
        (
            "filter_tostring",
            { c in
                let f = try c.filter(1)
                let set = f.descriptor.inputs.compactMap { spec -> String? in
                    guard let v = f.values[spec.key], v != spec.defaultValue else { return nil }
                    return "\(spec.key) = \(v)"
                }
                LuaValues.pushString(c.L, "Filter(\"\(f.name)\")" + (set.isEmpty ? "" : " {" + set.joined(separator: ", ") + "}"))
                return 1
            }
        ),
        (
            "filter_names",
            { c in
                let registry = try c.runtime.registry
                // Every state's steps.lua asks for all names at start: no descriptor copies then.
                guard let wanted = try c.optString(1) else {
                    LuaValues.pushStrings(c.L, registry.names)
                    return 1
                }
                let descriptors = registry.descriptors
                let category = try FilterCatalog(descriptors).category(named: wanted)
                LuaValues.pushStrings(c.L, descriptors.filter { $0.categories.contains(category) }.map(\.name))
                return 1
            }
        ),
        (
            "filter_categories",
            { c in
                LuaValues.pushStrings(c.L, FilterCatalog(try c.runtime.registry.descriptors).categoryNames)
                return 1
            }
        ),
        (
            "filter_describe",
            { c in
                LuaValues.pushString(c.L, try c.runtime.registry.descriptor(named: try c.string(1)).describe)
                return 1
            }
        ),
        (
            "filter_catalog",
            { c in
                let catalog = FilterCatalog(try c.runtime.registry.descriptors)
                let listed = catalog.categories.filter { !$0.records.isEmpty }
                lua_createtable(c.L, Int32(listed.count), 0)
                for (i, info) in listed.enumerated() {
                    lua_createtable(c.L, 0, 2)
                    LuaValues.pushString(c.L, info.name)
                    lua_setfield(c.L, -2, "name")
                    lua_createtable(c.L, Int32(info.records.count), 0)
                    for (j, r) in info.records.enumerated() {
                        lua_createtable(c.L, 0, 3)
                        LuaValues.pushString(c.L, r.name)
                        lua_setfield(c.L, -2, "name")
                        LuaValues.pushString(c.L, r.displayName)
                        lua_setfield(c.L, -2, "displayName")
                        lua_pushboolean(c.L, r.isDuplicate ? 1 : 0)
                        lua_setfield(c.L, -2, "isDuplicate")
                        lua_rawseti(c.L, -2, lua_Integer(j + 1))
                    }
                    lua_setfield(c.L, -2, "records")
                    lua_rawseti(c.L, -2, lua_Integer(i + 1))
                }
                LuaValues.pushString(c.L, catalog.description)
                LuaValues.pushString(c.L, catalog.log(keys: lua_toboolean(c.L, 1) != 0))
                return 3
            }
        ),
        (
            "filter_attributes",
            { c in
                LuaAttributes.push(c.L, try c.runtime.registry.descriptor(named: try c.string(1)).attributes)
                return 1
            }
        ),
    ]
}

/// Pushes a Core Image–shaped attribute dictionary as nested Lua tables.
enum LuaAttributes {
    static func push(_ L: OpaquePointer, _ value: AttributeValue) {
        switch value {
        case .string(let s): LuaValues.pushString(L, s)
        case .number(let d): lua_pushnumber(L, d)
        case .value(let v): LuaValues.push(L, v)
        case .list(let items): LuaValues.pushList(L, items, push)
        case .dictionary(let d):
            lua_createtable(L, 0, Int32(d.count))
            for (k, v) in d {
                push(L, v)
                lua_setfield(L, -2, k)
            }
        }
    }
}
