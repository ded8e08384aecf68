import CLua
import CLuaShim
import Foundation
import PixelCore

/// A Swift function callable from Lua: reads arguments from `call`, pushes results,
/// returns how many. Throwing becomes a Lua error raised by C after Swift has returned.
typealias NativeFunction = (LuaCall) throws -> Int32

/// The table of Swift functions Lua can call, addressed by index through one C trampoline.
enum LuaDispatch {
    nonisolated(unsafe) static var natives: [(name: String, function: NativeFunction)] = []
    static let installed: Void = {
        lunette_set_dispatch { state, id in LuaDispatch.call(state!, Int(id)) }
        natives = LuaNatives.all
    }()

    /// Natives whose invalid-input errors describe a file's content, not the caller's values.
    static let fileReaders: Set<String> = ["image_load", "stock_load", "chain_read", "plugin_load"]

    static func call(_ L: OpaquePointer, _ id: Int) -> Int32 {
        let (name, function) = natives[id]
        let call = LuaCall(L: L, name: String(name.split(separator: "_").last ?? Substring(name)))
        do {
            return try function(call)
        } catch let e as LuaArgumentError {
            lua_pushstring(L, e.message)
            return Int32(LUNETTE_RAISE)
        } catch var e as LunetteError {
            // A value a script passed is the script's error (2); a bad file it read stays 3/4.
            if e.status == .invalidInput, !fileReaders.contains(name) { e.status = .script }
            LuaRuntime.from(L)?.noteError(e)
            lua_pushstring(L, e.message)
            return Int32(LUNETTE_RAISE)
        } catch let e as LuaScriptError {
            // A nested Lua error (a plugin's apply): keep its message, drop its traceback;
            // the outermost handler adds the whole one.
            let message = e.message.components(separatedBy: "\nstack traceback:").first ?? e.message
            lua_pushstring(L, message)
            return Int32(LUNETTE_RAISE_PLAIN)
        } catch {
            lua_pushstring(L, "\(error)")
            return Int32(LUNETTE_RAISE)
        }
    }

    /// Pushes `lunette._native`: every native function by name.
    static func pushNativeTable(_ L: OpaquePointer) {
        _ = installed
        lua_createtable(L, 0, Int32(natives.count))
        for (id, native) in natives.enumerated() {
            lunette_push_function(L, Int32(id))
            lua_setfield(L, -2, native.name)
        }
    }
}

/// A Lua-style argument error: `bad argument #1 to 'cropped' (Rect expected, got number)`.
struct LuaArgumentError: Error {
    let message: String
}
