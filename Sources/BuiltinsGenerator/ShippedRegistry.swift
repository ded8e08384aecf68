import Filters
import Foundation
import LuaBridge

extension BuiltinsGenerator {
    /// The built-in filters plus the plugins shipped in scripts/plugins (no user folder).
    static func shippedRegistry() throws -> FilterRegistry {
        var options = LuaOptions()
        options.configDirectory = nil
        return try LuaRuntime(options).registry
    }
}
