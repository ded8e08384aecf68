import Foundation

/// Text listings of filters for the CLI.
public enum FilterListing {
    /// Filters grouped under their primary (first) category, categories sorted.
    public static func text(_ descriptors: [FilterDescriptor]) -> String {
        let groups = Dictionary(grouping: descriptors) { $0.categories.first ?? "CICategoryUncategorized" }
        var out = ""
        for category in groups.keys.sorted() {
            out += "\(category)\n"
            for d in groups[category]!.sorted(by: { $0.name < $1.name }) {
                out += "  \(d.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(d.displayName)\n"
            }
        }
        return out
    }
}
