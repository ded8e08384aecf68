import ArgumentParser
import Console
import Filters
import Foundation
import LuaBridge
import PixelCore

/// `lunette describe WORD`: one filter's attributes and a Lua example; a word that finds
/// several filters lists them.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe",
        abstract: "Describe a filter: inputs, types, defaults, ranges, identity, a Lua example.",
        discussion: """
            Names are case-insensitive and the CI prefix is optional. A word that finds
            several filters (as `lunette filters WORD` does) lists them and exits with 1.
              lunette describe gaussianblur
              lunette describe CISepiaTone --json
              lunette describe blur
            """
    )

    @Argument(help: "A filter name, or a word that finds one.", completion: FilterNameCompletion.kind)
    var name: String

    @Flag(help: "Print the attribute dictionary as JSON.")
    var json = false

    func run() throws {
        let registry = try Lunette.runtime().registry
        let d: FilterDescriptor
        if let exact = try? registry.descriptor(named: name) {
            d = exact
        } else {
            let catalog = FilterCatalog(registry.descriptors)
            let found = catalog.search(name)
            if found.isEmpty { _ = try registry.descriptor(named: name) }  // unknown: the error with suggestions
            if found.count > 1 {
                print("'\(name)' matches \(found.count) filters; describe one of them:\n")
                print(catalog.listing(width: Terminal.width, only: Set(found.map(\.name))), terminator: "")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            d = found[0]
        }
        print(json ? try AttributeJSON.text(AttributeJSON.object(d.attributes)) : d.describe, terminator: json ? "\n" : "")
    }
}
