import CLua
import CLuaShim
import Filters
import Foundation
import PixelCore

/// Conversions between Lua values and Swift values.
enum LuaValues {
    static func string(_ L: OpaquePointer, _ n: Int32) -> String? {
        var len = 0
        guard lua_type(L, n) == LUA_TSTRING, let p = lunette_tostring(L, n, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    static func bytes(_ L: OpaquePointer, _ n: Int32) -> [UInt8] {
        var len = 0
        guard let p = lunette_tostring(L, n, &len) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: len))
    }

    /// Whether the value at `n` has the metatable registered as `name`.
    static func hasMetatable(_ L: OpaquePointer, _ n: Int32, _ name: String) -> Bool {
        guard lua_getmetatable(L, n) != 0 else { return false }
        lunette_getregistry(L, name)
        let same = lua_rawequal(L, -1, -2) != 0
        lunette_pop(L, 2)
        return same
    }

    /// The numbers of a table of rows of equal length (`{{r, g, b}, …}`, Vectors or Colors'
    /// r, g, b), flattened row by row; nil unless every entry is such a row. CIColorCurves'
    /// curves data: `{{0, 0, 0}, {1, 1, 1}}`.
    static func rows(_ L: OpaquePointer, _ n: Int32) -> [Double]? {
        let idx = lua_absindex(L, n)
        let count = Int(lua_rawlen(L, idx))
        guard count > 0 else { return nil }
        var out: [Double] = [], width: Int?
        for i in 0..<count {
            lua_rawgeti(L, idx, lua_Integer(i + 1))
            defer { lunette_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TTABLE,
                let row = fields(L, -1, "lunette.Color", ["r", "g", "b"]) ?? numbers(L, -1),
                !row.isEmpty, row.count == (width ?? row.count)
            else { return nil }
            width = row.count
            out += row
        }
        return out
    }

    /// `__name` of the value's metatable, or Lua's type name.
    static func typeName(_ L: OpaquePointer, _ n: Int32) -> String {
        if lua_getmetatable(L, n) != 0 {
            lua_pushstring(L, "__name")
            lua_rawget(L, -2)
            let s = string(L, -1)
            lunette_pop(L, 2)
            if let s { return s }
        }
        return String(cString: lua_typename(L, lua_type(L, n)))
    }

    /// Number fields of a value-type table, in order; nil unless it has metatable `name`.
    static func fields(_ L: OpaquePointer, _ n: Int32, _ name: String, _ keys: [String]) -> [Double]? {
        let idx = lua_absindex(L, n)
        guard lua_type(L, idx) == LUA_TTABLE, hasMetatable(L, idx, name) else { return nil }
        return keys.map { key in
            lua_pushstring(L, key)
            lua_rawget(L, idx)
            defer { lunette_pop(L, 1) }
            return lua_tonumberx(L, -1, nil)
        }
    }

    /// The numbers of an array table (`{1, 2, 3}` or a Vector), or nil if any entry is not a number.
    static func numbers(_ L: OpaquePointer, _ n: Int32) -> [Double]? {
        let idx = lua_absindex(L, n)
        let count = Int(lua_rawlen(L, idx))
        var out: [Double] = []
        for i in 0..<count {
            lua_rawgeti(L, idx, lua_Integer(i + 1))
            defer { lunette_pop(L, 1) }
            guard lua_type(L, -1) == LUA_TNUMBER else { return nil }
            out.append(lua_tonumberx(L, -1, nil))
        }
        return out
    }

    /// The Swift object in a userdata with metatable `name`.
    static func object<T: AnyObject>(_ L: OpaquePointer, _ n: Int32, _ name: String) -> T? {
        guard lua_type(L, n) == LUA_TUSERDATA, hasMetatable(L, n, name),
            let block = lua_touserdata(L, n)
        else { return nil }
        guard let raw = block.load(as: UnsafeMutableRawPointer?.self) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T
    }

    /// Pushes a Swift object as a userdata with metatable `name` (retained until `__gc`).
    static func pushObject(_ L: OpaquePointer, _ object: AnyObject, _ name: String) {
        let block = lunette_newuserdata(L, MemoryLayout<UnsafeMutableRawPointer?>.size)!
        block.storeBytes(of: Unmanaged.passRetained(object).toOpaque(), as: UnsafeMutableRawPointer?.self)
        lunette_getregistry(L, name)
        lua_setmetatable(L, -2)
    }

    /// Releases the object of a userdata (its `__gc`); safe to call twice.
    static func releaseObject(_ L: OpaquePointer, _ n: Int32) {
        guard lua_type(L, n) == LUA_TUSERDATA, let block = lua_touserdata(L, n),
            let raw = block.load(as: UnsafeMutableRawPointer?.self)
        else { return }
        block.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        Unmanaged<AnyObject>.fromOpaque(raw).release()
    }

    static func pushImage(_ L: OpaquePointer, _ image: Image) {
        pushObject(L, image, "lunette.Image")
        if let src = image.node as? SourceNode { lunette_gc_step(L, src.buffer.byteCount) }
    }

    static func pushTable(_ L: OpaquePointer, _ type: String, _ fields: [(String, Double)]) {
        lua_createtable(L, 0, Int32(fields.count))
        for (k, v) in fields {
            lua_pushnumber(L, v)
            lua_setfield(L, -2, k)
        }
        lunette_getregistry(L, "lunette." + type)
        lua_setmetatable(L, -2)
    }

    static func pushRect(_ L: OpaquePointer, _ r: Rect) {
        pushTable(L, "Rect", [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)])
    }

    static func pushColor(_ L: OpaquePointer, _ c: Color) {
        pushTable(L, "Color", [("r", c.r), ("g", c.g), ("b", c.b), ("a", c.a)])
    }

    static func pushTransform(_ L: OpaquePointer, _ t: Transform) {
        pushTable(L, "Transform", [("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)])
    }

    /// Pushes `items` as a Lua sequence (keys 1…n), each item pushed by `push`.
    static func pushList<T>(_ L: OpaquePointer, _ items: [T], _ push: (OpaquePointer, T) -> Void) {
        lua_createtable(L, Int32(items.count), 0)
        for (i, item) in items.enumerated() {
            push(L, item)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Pushes `items` as a Lua sequence of strings.
    static func pushStrings(_ L: OpaquePointer, _ items: [String]) { pushList(L, items, pushString) }

    static func pushVector(_ L: OpaquePointer, _ v: Vector) {
        pushList(L, v.components) { L, x in lua_pushnumber(L, x) }
        lunette_getregistry(L, "lunette.Vector")
        lua_setmetatable(L, -2)
    }

    static func pushString(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { _ = lua_pushlstring(L, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count) }
    }

    /// Pushes a filter value; rectangle-typed vectors come back as `Rect`.
    static func push(_ L: OpaquePointer, _ value: FilterValue?, spec: InputSpec? = nil) {
        switch value {
        case nil: lua_pushnil(L)
        case .number(let d)?:
            if spec?.type == "CIAttributeTypeBoolean" { lua_pushboolean(L, d != 0 ? 1 : 0) } else { lua_pushnumber(L, d) }
        case .vector(let v)?:
            if spec?.expectedLength == 4 && spec?.type == "CIAttributeTypeRectangle" {
                pushRect(L, v.rect)
            } else {
                pushVector(L, v)
            }
        case .color(let c)?: pushColor(L, c)
        case .image(let i)?: pushImage(L, i)
        case .string(let s)?: pushString(L, s)
        case .transform(let t)?: pushTransform(L, t)
        case .data(let d)?:
            d.withUnsafeBufferPointer {
                _ = lua_pushlstring(L, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), d.count)
            }
        }
    }

    /// Reads any Lua value a filter input can take.
    static func filterValue(_ L: OpaquePointer, _ n: Int32) throws -> FilterValue? {
        let idx = lua_absindex(L, n)
        switch lua_type(L, idx) {
        case LUA_TNIL, LUA_TNONE: return nil
        case LUA_TNUMBER: return .number(lua_tonumberx(L, idx, nil))
        case LUA_TBOOLEAN: return .number(lua_toboolean(L, idx) != 0 ? 1 : 0)
        case LUA_TSTRING:
            // Lua strings are bytes: text when valid UTF-8, otherwise data (for NSData inputs).
            let raw = bytes(L, idx)
            if let text = String(validating: raw, as: UTF8.self) { return .string(text) }
            return .data(raw)
        case LUA_TUSERDATA:
            if let img: Image = object(L, idx, "lunette.Image") { return .image(img) }
        case LUA_TTABLE:
            if let v = fields(L, idx, "lunette.Rect", ["x", "y", "width", "height"]) { return .vector(Vector(v)) }
            if let v = fields(L, idx, "lunette.Point", ["x", "y"]) { return .vector(Vector(v)) }
            if let v = fields(L, idx, "lunette.Color", ["r", "g", "b", "a"]) { return .color(Color(v[0], v[1], v[2], v[3])) }
            if let v = fields(L, idx, "lunette.Transform", ["a", "b", "c", "d", "tx", "ty"]) {
                return .transform(Transform(v[0], v[1], v[2], v[3], v[4], v[5]))
            }
            if let v = numbers(L, idx), lua_rawlen(L, idx) > 0 { return .vector(Vector(v)) }
            if let v = rows(L, idx) { return .vector(Vector(v)) }
            if let runs = try textRuns(L, idx) { return .string(runs) }
            if let json = record(L, idx) { return .string(json) }
        default: break
        }
        throw LunetteError.invalid("expected a number, string, Image, Vector, Rect, Color or Transform, got \(typeName(L, idx))")
    }
}
