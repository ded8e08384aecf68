import CLua
import CLuaShim
import PixelCore

/// `img.properties` as a Lua table: numbers, strings, lists and nested tables, like
/// CIImage.properties. Lua: `Image.load("photo.jpg").properties.Exif.ExposureTime`
extension LuaValues {
    static func pushProperties(_ L: OpaquePointer, _ metadata: ImageMetadata?) {
        push(L, .dictionary(metadata?.properties ?? [:]))
    }

    static func push(_ L: OpaquePointer, _ value: PropertyValue) {
        switch value {
        case .number(let d):
            if d == d.rounded(), abs(d) < 1e15 { lua_pushinteger(L, lua_Integer(d)) } else { lua_pushnumber(L, d) }
        case .string(let s): pushString(L, s)
        case .list(let items): pushList(L, items, push)
        case .dictionary(let fields):
            lua_createtable(L, 0, Int32(fields.count))
            for (k, v) in fields.sorted(by: { $0.key < $1.key }) {
                push(L, v)
                lua_setfield(L, -2, k)
            }
        }
    }
}
