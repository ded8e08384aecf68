import CLua
import CLuaShim
import Codecs
import Filters
import Foundation
import PixelCore

/// The Swift primitives behind stdlib.lua, exposed as `lunette._native`.
enum LuaNatives {
    static var all: [(name: String, function: NativeFunction)] {
        values + images + pixels + filters + chains + stock + reductions
    }

    static let values: [(name: String, function: NativeFunction)] = [
        (
            "register",
            { c in
                let name = try c.string(1)
                guard lua_type(c.L, 2) == LUA_TTABLE else { throw c.argError(2, "table") }
                lua_pushvalue(c.L, 2)
                lunette_setregistry(c.L, "lunette." + name)
                return 0
            }
        ),
        (
            "metatable",
            { c in
                let key = "lunette." + (try c.string(1))
                lunette_getregistry(c.L, key)
                if lua_type(c.L, -1) == LUA_TTABLE { return 1 }
                lunette_pop(c.L, 1)
                lua_createtable(c.L, 0, 8)
                LuaValues.pushString(c.L, String(key.dropFirst(8)))
                lua_setfield(c.L, -2, "__name")
                lunette_push_function(c.L, Int32(LuaDispatch.natives.firstIndex { $0.name == "release" }!))
                lua_setfield(c.L, -2, "__gc")
                lua_pushvalue(c.L, -1)
                lunette_setregistry(c.L, key)
                return 1
            }
        ),
        (
            "release",
            { c in
                LuaValues.releaseObject(c.L, 1); return 0
            }
        ),
        (
            "rect_op",
            { c in
                let a = try c.rect(1), b = try c.rect(2)
                switch try c.string(3) {
                case "union": LuaValues.pushRect(c.L, a.union(b))
                case "inset": LuaValues.pushRect(c.L, a.insetBy(b.x, b.y))
                default: LuaValues.pushRect(c.L, a.intersection(b))
                }
                return 1
            }
        ),
        (
            "now",
            { c in
                var ts = timespec()
                clock_gettime(CLOCK_MONOTONIC, &ts)
                lua_pushnumber(c.L, Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9)
                return 1
            }
        ),
        // list_dir(path): the folder's entry names, sorted, folders ending in "/" (REPL completion).
        (
            "list_dir",
            { c in
                let path = try c.string(1)
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: path.isEmpty ? "." : path)) ?? []).sorted()
                lua_createtable(c.L, Int32(names.count), 0)
                for (i, name) in names.enumerated() {
                    var isDir: ObjCBool = false
                    let full = (path.isEmpty ? "" : path.hasSuffix("/") ? path : path + "/") + name
                    _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDir)
                    LuaValues.pushString(c.L, isDir.boolValue ? name + "/" : name)
                    lua_rawseti(c.L, -2, lua_Integer(i + 1))
                }
                return 1
            }
        ),
        (
            "preview",
            { c in
                let img = try c.image(1)
                let width = c.isNil(2) ? nil : Int(try c.number(2))
                guard let show = try c.runtime.preview else { throw LunetteError.invalid("previews need a terminal (the REPL)") }
                try show(img, width)
                return 0
            }
        ),
        (
            "color_hex",
            { c in
                guard let col = Color(hex: try c.string(1)) else { lua_pushnil(c.L); return 1 }
                LuaValues.pushColor(c.L, col)
                return 1
            }
        ),
    ]

    static let images: [(name: String, function: NativeFunction)] = [
        (
            "image_load",
            { c in
                let path = try c.string(1)
                try c.checkFileAccess("load", path, writing: false)
                LuaValues.pushImage(c.L, try ImageIO.load(path, options: try c.loadOptions(2)))
                return 1
            }
        ),
        (
            "image_save",
            { c in
                let img = try c.image(1), path = try c.string(2)
                try c.checkFileAccess("save", path, writing: true)
                try ImageWriter.write(img, to: path, options: try c.saveOptions(3, image: img, path: path))
                lua_pushvalue(c.L, 1)
                return 1
            }
        ),
        (
            "image_properties",
            { c in
                LuaValues.pushProperties(c.L, try c.image(1).metadata); return 1
            }
        ),
        (
            "image_extent",
            { c in
                LuaValues.pushRect(c.L, try c.image(1).extent); return 1
            }
        ),
        (
            "image_tostring",
            { c in
                LuaValues.pushString(c.L, try c.image(1).description); return 1
            }
        ),
        ("image_cropped", { c in try c.push(try c.image(1).cropped(to: try c.rect(2))) }),
        ("image_transformed", { c in try c.push(try c.image(1).transformed(by: try c.transform(2))) }),
        ("image_clamped", { c in try c.push(try c.image(1).clampedToExtent()) }),
        ("image_samplingNearest", { c in try c.push(try c.image(1).samplingNearest()) }),
        ("image_samplingLinear", { c in try c.push(try c.image(1).samplingLinear()) }),
        (
            "image_scaledNearest",
            { c in
                let img = try c.image(1)
                return try c.push(try img.scaledNearest(try c.integer(2, in: 1...65_536)))
            }
        ),
        (
            "image_color",
            { c in
                LuaValues.pushImage(c.L, Image.color(try c.color(1))); return 1
            }
        ),
        (
            "image_pixel",
            { c in
                let img = try c.image(1)
                let r = IRect(try c.coordinate(2), try c.coordinate(3), 1, 1)
                let buf = try Context(threads: 1).render(img, rect: r)
                LuaValues.pushColor(c.L, Transfer.color(buf.pixels[0]))
                return 1
            }
        ),
    ]

    static func workingSpace(_ c: LuaCall, _ n: Int32) throws -> WorkingSpace {
        guard case .string(let s)? = try c.option(n, "workingSpace") else { return .linear }
        guard let w = WorkingSpace(rawValue: s) else {
            throw LunetteError.invalid("workingSpace must be \"linear\" or \"none\", got \"\(s)\"")
        }
        return w
    }
}
