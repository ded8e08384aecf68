import ArgumentParser
import Console
import Filters
import Foundation
import LuaBridge
import PixelCore

/// `lunette filters [WORD]`: every filter once, grouped by primary category, or those a word finds.
struct Filters: ParsableCommand {
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

    func run() throws {
        let descriptors = try Lunette.runtime().registry.descriptors
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

/// `lunette describe WORD`: one filter's attributes and a Lua example; a word that finds
/// several filters lists them.
struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
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
