import Foundation

/// Sandbox errors that say what is missing: the sandbox leaves `io`, `debug`, `package`,
/// `require`, most of `os` and `string.dump` out (nil, so code may probe for them), and
/// using one anyway reads "io is not available to plugins (sandbox)", not "attempt to
/// index a nil value (global 'io')".
extension LuaRuntime {
    /// What the sandbox leaves out, as Lua's errors name it, and the name to say instead.
    /// (They stay nil when read, so `io == nil` or `os.getenv and …` still probe.)
    static let withheld: [(error: String, name: String)] = {
        let globals =
            ["io", "debug", "package"].map { ("attempt to index a nil value (global '\($0)')", $0) }
            + ["require", "dofile", "loadfile", "collectgarbage"].map { ("attempt to call a nil value (global '\($0)')", $0) }
        let fields = ["execute", "getenv", "remove", "rename", "exit", "tmpname", "setlocale"].map {
            ("attempt to call a nil value (field '\($0)')", "os.\($0)")
        }
        return globals + fields + [("attempt to call a nil value (field 'dump')", "string.dump")]
    }()

    /// Says what is missing where sandboxed code used what the sandbox leaves out:
    /// "attempt to index a nil value (global 'io')" → "io is not available to plugins (sandbox)".
    static func sandboxMessage(_ message: String, who: String) -> String {
        guard message.contains("a nil value") else { return message }
        var out = message
        for w in withheld { out = out.replacingOccurrences(of: w.error, with: "\(w.name) is not available to \(who) (sandbox)") }
        return out
    }
}
