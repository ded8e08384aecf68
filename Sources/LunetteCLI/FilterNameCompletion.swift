import ArgumentParser
import LuaBridge

/// Shell completion of filter names (bash, zsh and fish call `lunette ---completion …`):
/// the registry's names, built-in and plugins, that start with the word being typed
/// (case-insensitively, the "CI" prefix optional, as the commands read names).
enum FilterNameCompletion {
    /// For `try NAME`, `describe NAME` and `-f STEP` (a name, which the user follows with `{…}`).
    static let kind = CompletionKind.custom { _, _, prefix in names(matching: prefix) }

    /// Every registered filter name that `prefix` begins, spelled so that it starts with
    /// `prefix` exactly: shells keep only candidates that do (bash's compgen, case-sensitively),
    /// and the commands read `sepiaTone` as CISepiaTone. No warnings: a completion must print
    /// nothing but candidates, and a broken plugin is reported when a command runs.
    static func names(matching prefix: String) -> [String] {
        guard let runtime = try? LuaRuntime() else { return [] }
        return complete(prefix, among: runtime.registry.descriptors.map(\.name).sorted())
    }

    static func complete(_ prefix: String, among names: [String]) -> [String] {
        let typed = prefix.lowercased()
        return names.compactMap { name in
            if name.hasPrefix(prefix) { return name }
            let lower = name.lowercased()
            if lower.hasPrefix(typed) { return prefix + name.dropFirst(prefix.count) }
            if lower.hasPrefix("ci"), lower.dropFirst(2).hasPrefix(typed) { return prefix + name.dropFirst(2 + prefix.count) }
            return nil
        }
    }
}
