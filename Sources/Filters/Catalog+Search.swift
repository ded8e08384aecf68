import Foundation
import PixelCore

/// Finding filters by what a person types: short category names (`blur` for
/// `CICategoryBlur`), words found in names, display names, descriptions and categories, and
/// the compact listing of `lunette filters`. Lua: `Filter.names("blur")`
extension FilterCatalog {
    /// The full category name for `name`, case-insensitive, the `CICategory` prefix optional;
    /// an unknown name is an invalid-value error with suggestions.
    public func category(named name: String) throws -> String {
        let all = categories.map(\.name)
        let lower = name.lowercased()
        if let hit = all.first(where: { $0.lowercased() == lower || $0.lowercased() == "cicategory" + lower }) { return hit }
        let short = all.map { String($0.dropFirst("CICategory".count)) }
        let near = Suggest.nearest(name, among: all + short)
        throw LunetteError.invalid(
            "unknown category '\(name)'" + (near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"))
    }

    /// The first category of the fixed order that lists `name` (where `lunette filters` shows it).
    public func primaryCategory(of name: String) -> String? {
        categories.first { info in info.records.contains { $0.name == name && !$0.isDuplicate } }?.name
    }

    /// Filters whose name, display name, description or a category contains `word`
    /// (case-insensitive), in listing order; an exact or canonical name match comes alone.
    public func search(_ word: String) -> [FilterDescriptor] {
        let lower = word.lowercased()
        if let exact = ordered.first(where: { $0.name.lowercased() == lower || $0.name.lowercased() == "ci" + lower }) {
            return [exact]
        }
        return ordered.filter { d in
            d.name.lowercased().contains(lower) || d.displayName.lowercased().contains(lower)
                || d.description.lowercased().contains(lower)
                || d.categories.contains { $0.lowercased().contains(lower) }
        }
    }

    /// Every filter once, in the order of the grouped listing.
    public var ordered: [FilterDescriptor] {
        categories.flatMap { $0.uniqueRecords.compactMap { descriptors[$0.name] } }
    }

    /// `lunette filters`: each filter once under its primary category, one line each (name and
    /// display name), lines cut to `width` columns; `only` keeps some names.
    public func listing(width: Int = 80, only: Set<String>? = nil) -> String {
        var out = ""
        let names = categories.flatMap(\.uniqueRecords).map(\.name).filter { only == nil || only!.contains($0) }
        let column = min(36, (names.map(\.count).max() ?? 0) + 4)
        for info in categories {
            let records = info.uniqueRecords.filter { only == nil || only!.contains($0.name) }
            guard !records.isEmpty else { continue }
            if !out.isEmpty { out += "\n" }
            out += "\(info.name.dropFirst("CICategory".count)) (\(records.count))\n"
            for r in records {
                let line =
                    "  " + r.name.padding(toLength: max(column - 2, r.name.count + 2), withPad: " ", startingAt: 0)
                    + r.displayName
                out += (line.count > width ? String(line.prefix(width - 1)) + "…" : line) + "\n"
            }
        }
        return out
    }
}
