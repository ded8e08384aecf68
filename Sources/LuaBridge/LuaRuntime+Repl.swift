import CLua
import CLuaShim
import Foundation
import PixelCore

/// What evaluating one REPL chunk gave.
public enum ReplOutcome: Equatable {
    /// Values as printable text ("" when there were none).
    case values(String)
    /// The chunk is not finished (a syntax error at `<eof>`): read another line.
    case incomplete
    case error(String)
}

/// The REPL's entry points: evaluation, completion, meta-commands, interruption.
extension LuaRuntime {
    /// Evaluates a chunk like `lua` does (an expression prints its values); a table wider
    /// than `width` columns prints over several indented lines.
    public func evaluate(_ source: String, color: Bool = false, width: Int? = nil) -> ReplOutcome {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        do {
            try callRepl("eval", [source], results: 2)
            let status = LuaValues.string(L, -2) ?? "error"
            if status == "incomplete" { return .incomplete }
            if status == "error" { return .error(LuaValues.string(L, -1) ?? "error") }
            let values = lua_absindex(L, -1)
            let state = L
            try callRepl("show", [], results: 1) {
                lua_pushvalue(state, values)
                lua_pushboolean(state, color ? 1 : 0)
                if let width { lua_pushinteger(state, lua_Integer(width)) } else { lua_pushnil(state) }
                return 3
            }
            return .values(LuaValues.string(L, -1) ?? "")
        } catch {
            return .error("\(error)")
        }
    }

    /// Completion candidates for `text`, the word before the cursor on `line`.
    public func complete(_ text: String, line: String) -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard (try? callRepl("complete", [text, line], results: 1)) != nil else { return [] }
        return (0..<Int(lua_rawlen(L, -1))).compactMap { i in
            lua_rawgeti(L, -1, lua_Integer(i + 1))
            defer { lunette_pop(L, 1) }
            return LuaValues.string(L, -1)
        }
    }

    /// Runs a meta-command (`:describe CIGaussianBlur`); returns text to print, if any.
    public func command(_ line: String) throws -> String? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try callRepl("command", [line], results: 1)
        return LuaValues.string(L, -1)
    }

    /// Asks running Lua code to stop at its next instruction check (Ctrl-C).
    public func interrupt() { lunette_interrupt(L) }

    /// Forgets an interruption that arrived while nothing was running.
    public func clearInterrupt() {
        lunette_clear_interrupt(L)
        Cancellation.reset()
    }

    /// True when Ctrl-C arrived since the last `clearInterrupt()` (the REPL asks after a read
    /// ends without a line: Ctrl-C clears the line, end of input leaves).
    public static var interruptPending: Bool { lunette_sigint_pending() != 0 }

    /// Makes Ctrl-C interrupt this state's Lua code and any render in progress.
    public func handleInterrupts() {
        lunette_install_sigint(L)
        Cancellation.external = { lunette_sigint_pending() != 0 }
    }

    /// Where `:show` sends images (set by the console).
    public var previewHandler: ((Image, Int?) throws -> Void)? {
        get { preview }
        set { preview = newValue }
    }

    func callRepl(_ name: String, _ args: [String], results: Int32, push: (() -> Int32)? = nil) throws {
        lua_pushcclosure(L, lunette_traceback, 0)
        let handler = lua_gettop(L)
        pushPrivate("repl")
        lua_getfield(L, -1, name)
        lua_rotate(L, -2, 1)
        lunette_pop(L, 1)
        for a in args { LuaValues.pushString(L, a) }
        let n = push?() ?? Int32(args.count)
        try call(nargs: n, nresults: results, handler: handler)
        lua_rotate(L, handler, -1)
        lunette_pop(L, 1)
    }
}
