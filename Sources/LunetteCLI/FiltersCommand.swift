import ArgumentParser
import Console
import Filters
import Foundation
import LuaBridge
import PixelCore

/// `lunette filters [WORD]`: every filter once, grouped by primary category, or those a word finds.
struct FiltersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters",
        abstract: "List the filters: each once, under its first category; or find them.",
        usage: "lunette filters [<word>] [--category <category>] [<options>]",
        discussion: """
            A WORD finds filters whose name, display name, description or category
            contains it. --by-category prints the CIFilterTest-style log instead: every
            category in a fixed order, a filter listed in each of its categories.
              lunette filters blur                   filters about blurring
              lunette filters --category stylize     one category (CICategory is optional)
              lunette filters --by-category --keys   the log, with input keys and types
              lunette filters --json > filters.json  every attribute dictionary
              lunette filters --missing              Core Image's filters not here
            """
    )

    @Argument(help: "A word to search for.")
    var word: String?

    @Option(help: "Only this category (e.g. CICategoryBlur or blur).")
    var category: String?

    @Flag(help: "The log of every category in order, a filter under each of its categories.")
    var byCategory = false

    @Flag(help: "With the log: each input key with its attribute type and class.")
    var keys = false

    @Flag(help: "With the log: each filter only under its first category.")
    var unique = false

    @Flag(help: "Print every chosen filter's attributes as JSON.")
    var json = false

    @Flag(help: "List Core Image's filters that Lunette lacks, each with the reason.")
    var missing = false

    func run() throws {
        let descriptors = try Lunette.runtime().registry.descriptors
        if missing {
            let list = CoreImageFilters.missing(from: Set(descriptors.map(\.name)))
            let width = list.map(\.name.count).max() ?? 0
            for m in list { print(m.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + m.reason) }
            print(
                "\(CoreImageFilters.names.count - list.count) of Core Image's \(CoreImageFilters.names.count) filters are in Lunette; \(list.count) are not."
            )
            return
        }
        let catalog = FilterCatalog(descriptors)
        let cat = try category.map { try catalog.category(named: $0) }
        var chosen = descriptors.filter { cat == nil || $0.categories.contains(cat!) }
        if let word {
            let found = Set(catalog.search(word).map(\.name))
            chosen = chosen.filter { found.contains($0.name) }
            if chosen.isEmpty { throw LunetteError.invalid("no filter matches '\(word)'") }
        }
        if json {
            let all = Dictionary(uniqueKeysWithValues: chosen.map { ($0.name, AttributeJSON.object($0.attributes)) })
            print(try AttributeJSON.text(all))
        } else if byCategory || keys || unique {
            print(FilterCatalog(chosen).log(keys: keys, unique: unique, only: cat), terminator: "")
        } else {
            print(catalog.listing(width: Terminal.width, only: Set(chosen.map(\.name))), terminator: "")
        }
    }
}
