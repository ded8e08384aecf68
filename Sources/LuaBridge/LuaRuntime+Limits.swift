import CLuaShim
import Foundation
import PixelCore

extension LuaRuntime {
    /// Hands `Limits.deadline` (set by `--time-limit` / `--untrusted`) to every Lua state:
    /// Lua code past the deadline raises "time limit of N s exceeded", which no pcall stops.
    public static func applyTimeLimit() {
        lunette_set_deadline(Limits.deadline ?? 0, Limits.timeLimit)
    }
}
