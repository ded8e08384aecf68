import Foundation
import PackagePlugin

/// Embeds the top-level `stdlib.lua`, its parts (`stdlib/*.lua`) and the shipped Lua scripts
/// (`scripts/plugins/*.lua`, `scripts/specials/*.lua`) into the LuaBridge module as Swift strings.
@main
struct EmbedStdlib: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs = [root.appending(path: "stdlib.lua")]
        for folder in ["stdlib", "scripts/plugins", "scripts/specials"] {
            let dir = root.appending(path: folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            inputs += names.filter { $0.hasSuffix(".lua") }.sorted().map { dir.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedScripts.swift")
        return [
            .buildCommand(
                displayName: "Embedding stdlib.lua, its parts and shipped scripts",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [root.path, output.path] + inputs.map(\.path),
                inputFiles: inputs, outputFiles: [output])
        ]
    }
}
