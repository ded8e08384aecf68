import Foundation
import PackagePlugin

/// Embeds the top-level `stdlib.lua` into the LuaBridge module as a Swift string.
@main
struct EmbedStdlib: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let input = context.package.directoryURL.appending(path: "stdlib.lua")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedStdlib.swift")
        return [.buildCommand(displayName: "Embedding stdlib.lua",
                              executable: try context.tool(named: "EmbedTool").url,
                              arguments: [input.path, output.path],
                              inputFiles: [input], outputFiles: [output])]
    }
}
