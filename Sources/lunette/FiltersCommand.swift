import ArgumentParser
import Filters
import Foundation

/// `lunette filters`: the registered filters grouped by category.
struct Filters: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filters",
        abstract: "List the registered filters, grouped by category."
    )

    func run() throws {
        print(FilterListing.text(FilterRegistry.shared.descriptors), terminator: "")
    }
}
