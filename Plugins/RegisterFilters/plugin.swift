import Foundation
import PackagePlugin

/// Registers the built-in filters: writes `BuiltinFilters.all` from every
/// `static let descriptor` in the Filters sources (RegisterTool states the rule), so a
/// new filter file is registered without a list to edit.
@main
struct RegisterFilters: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let sources = (target.sourceModule?.sourceFiles(withSuffix: "swift").map(\.url) ?? [])
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinFilters.swift")
        return [
            .buildCommand(
                displayName: "Registering the built-in filters",
                executable: try context.tool(named: "RegisterTool").url,
                arguments: [output.path] + sources.map(\.path),
                inputFiles: sources, outputFiles: [output])
        ]
    }
}
