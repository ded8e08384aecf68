import ArgumentParser
import Filters
import Foundation
import LuaBridge
import PixelCore

/// `lunette filters`: the registered filters grouped by category.
struct Filters: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters",
        abstract: "List the registered filters, grouped by category.",
        discussion: """
        Categories come in a fixed order (distortion, geometry, composite, halftone, colour
        adjustment, colour effect, transition, tile, generator, reduction, gradient,
        stylize, sharpen, blur, then usage categories). A filter in several categories is
        listed in each; --unique shows it only in the first.
          lunette filters --keys                 every filter with its input keys, type/class
          lunette filters --category blur        one category (the CICategory prefix is optional)
          lunette filters --json > filters.json  every filter's attribute dictionary
        """
    )

    @Option(help: "Only this category (e.g. CICategoryBlur or blur).")
    var category: String?

    @Flag(help: "Show each input key with its attribute type and class.")
    var keys = false

    @Flag(help: "List each filter once, under its first category.")
    var unique = false

    @Flag(help: "Print every filter's attributes as JSON.")
    var json = false

    func run() throws {
        let descriptors = try Lunette.runtime().registry.descriptors
        let catalog = FilterCatalog(descriptors)
        let cat = try category.map { try Self.resolveCategory($0, in: catalog) }
        if json {
            let chosen = descriptors.filter { cat == nil || $0.categories.contains(cat!) }
            let all = Dictionary(uniqueKeysWithValues: chosen.map { ($0.name, AttributeJSON.object($0.attributes)) })
            print(try AttributeJSON.text(all))
            return
        }
        print(catalog.log(keys: keys, unique: unique, only: cat), terminator: "")
    }

    static func resolveCategory(_ name: String, in catalog: FilterCatalog) throws -> String {
        let all = catalog.categories.map(\.name)
        let lower = name.lowercased()
        if let hit = all.first(where: { $0.lowercased() == lower || $0.lowercased() == "cicategory" + lower }) { return hit }
        let near = Suggest.nearest(name, among: all)
        throw LunetteError(.usage, "unknown category '\(name)'" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"))
    }
}

/// `lunette describe NAME`: one filter's attributes and a Lua example.
struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe one filter: inputs, types, defaults, ranges, identity, a Lua example.",
        discussion: """
        Names are case-insensitive and the CI prefix is optional:
          lunette describe gaussianblur
          lunette describe CISepiaTone --json
        """
    )

    @Argument(help: "Filter name.")
    var name: String

    @Flag(help: "Print the attribute dictionary as JSON.")
    var json = false

    func run() throws {
        let d = try Lunette.runtime().registry.descriptor(named: name)
        print(json ? try AttributeJSON.text(AttributeJSON.object(d.attributes)) : d.describe, terminator: json ? "\n" : "")
    }
}
