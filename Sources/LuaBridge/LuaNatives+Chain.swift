import CLua
import CLuaShim
import Codecs
import Foundation
import PixelCore

/// Natives behind `Chain` (stdlib/chain.lua, stdlib/chainfile.lua): chain files, sandboxed evaluation, materialised prefixes.
extension LuaNatives {
    /// Largest chain or presets file read (bytes).
    static let maxChainFileBytes = 16 << 20

    static let chains: [(name: String, function: NativeFunction)] = [
        (
            "chain_read",
            { c in
                let path = try c.string(1)
                try c.checkFileAccess("Chain.load", path, writing: false)
                let bytes = try AtomicFile.read(path)
                if bytes.count > maxChainFileBytes {
                    throw LunetteError.limit(
                        "\(path): a chain file of \(bytes.count) bytes is over the \(maxChainFileBytes)-byte limit")
                }
                bytes.withUnsafeBufferPointer {
                    _ = lua_pushlstring(c.L, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count)
                }
                return 1
            }
        ),
        (
            "chain_write",
            { c in
                let path = try c.string(1)
                let text = LuaValues.bytes(c.L, 2)
                guard lua_type(c.L, 2) == LUA_TSTRING else { throw c.argError(2, "string") }
                try c.checkFileAccess("chain:save", path, writing: true)
                try AtomicFile.write(to: path) { file in
                    if fwrite(text, 1, text.count, file) != text.count {
                        throw LunetteError.io("\(path): write failed (\(String(cString: strerror(errno))))")
                    }
                }
                return 0
            }
        ),
        // sandbox_call(fn, label, …): fn(…) under the plugin rules (no files, CPU budget,
        // memory cap); returns its first result.
        (
            "sandbox_call",
            { c in
                guard lua_type(c.L, 1) == LUA_TFUNCTION else { throw c.argError(1, "function") }
                let label = try c.string(2)
                let rt = try c.runtime
                let top = c.top
                lua_pushcclosure(c.L, lunette_traceback, 0)
                let handler = lua_gettop(c.L)
                lua_pushvalue(c.L, 1)
                var nargs: Int32 = 0
                if top >= 3 {
                    for i in 3...top { lua_pushvalue(c.L, i) }
                    nargs = top - 2
                }
                rt.pluginDepth += 1
                lunette_budget_begin(c.L, rt.options.cpuSeconds, label)
                defer { lunette_budget_end(c.L); rt.pluginDepth -= 1 }
                try rt.call(nargs: nargs, nresults: 1, handler: handler)
                lua_copy(c.L, -1, handler)
                lunette_pop(c.L, 1)
                return 1
            }
        ),
        // image_materialize(img): the image rendered once into memory (nil when its
        // extent is infinite or empty), so that later renders reuse the pixels.
        (
            "image_materialize",
            { c in
                let img = try c.image(1)
                let e = img.extent
                if e.isInfinite || e.isEmpty { lua_pushnil(c.L); return 1 }
                let rect = try Context.renderRect(for: img)
                let buf = try Context().render(img, rect: rect)
                LuaValues.pushImage(c.L, Image(SourceNode(buf, opaque: img.isOpaque)).cropped(to: e))
                return 1
            }
        ),
    ]
}
