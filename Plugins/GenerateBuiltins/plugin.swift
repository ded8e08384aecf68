import Foundation
import PackagePlugin

/// Writes Core Image's typed filters (`CIFilterBuiltins`) into the CoreImage module at
/// build time: BuiltinsTool reads Core Image's catalogue and the filter names declared in
/// Sources/Filters, so a new filter gets its typed API without running Filters code.
@main
struct GenerateBuiltins: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let filters =
            try context.package.targets(named: ["Filters"]).first?.sourceModule?
            .sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path } ?? []
        let catalogue = context.package.directoryURL.appending(path: "Tests/Fixtures/coreimage-catalog.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "CIFilterBuiltins.swift")
        return [
            .buildCommand(
                displayName: "Generating Core Image's typed filters",
                executable: try context.tool(named: "BuiltinsTool").url,
                arguments: [output.path, catalogue.path] + filters.map(\.path),
                inputFiles: [catalogue] + filters, outputFiles: [output])
        ]
    }
}
