import Foundation

/// One filter in a category listing; a duplicate when an earlier category already listed it.
public struct FilterRecord: CustomStringConvertible, Sendable {
    public let name: String
    public let displayName: String
    public let isDuplicate: Bool
    public var description: String { "\(name) (\(displayName))\(isDuplicate ? " [duplicate]" : "")" }
}

/// A category with all its records and those that are not duplicates.
public struct CategoryInfo: CustomStringConvertible, Sendable {
    public let name: String
    public let records: [FilterRecord]
    public var uniqueRecords: [FilterRecord] { records.filter { !$0.isDuplicate } }
    public var description: String {
        "\(name): \(records.count) filters, \(uniqueRecords.count) unique"
    }
}

/// The grouped filter list (CIFilterTest's `FiltersList`): categories in a fixed order,
/// each filter unique in the first category that lists it. Lua: `Filter.catalog()`
public struct FilterCatalog: CustomStringConvertible, Sendable {
    /// Effect categories first, then usage categories; others found on filters follow, sorted.
    public static let categoryOrder = [
        "CICategoryDistortionEffect", "CICategoryGeometryAdjustment", "CICategoryCompositeOperation",
        "CICategoryHalftoneEffect", "CICategoryColorAdjustment", "CICategoryColorEffect", "CICategoryTransition",
        "CICategoryTileEffect", "CICategoryGenerator", "CICategoryReduction", "CICategoryGradient",
        "CICategoryStylize", "CICategorySharpen", "CICategoryBlur", "CICategoryVideo", "CICategoryStillImage",
        "CICategoryInterlaced", "CICategoryNonSquarePixels", "CICategoryHighDynamicRange", "CICategoryBuiltIn",
    ]

    /// Every category in order, including those with no unique filters.
    public let categories: [CategoryInfo]
    let descriptors: [String: FilterDescriptor]

    public init(_ list: [FilterDescriptor]) {
        descriptors = Dictionary(list.map { ($0.name, $0) }) { a, _ in a }
        let extra = Set(list.flatMap(\.categories)).subtracting(Self.categoryOrder).sorted()
        var seen = Set<String>()
        var cats: [CategoryInfo] = []
        for category in Self.categoryOrder + extra {
            let members = list.filter { $0.categories.contains(category) }.sorted { $0.name < $1.name }
            let records = members.map { d in
                FilterRecord(name: d.name, displayName: d.displayName, isDuplicate: !seen.insert(d.name).inserted)
            }
            cats.append(CategoryInfo(name: category, records: records))
        }
        categories = cats
    }

    /// Categories that have at least one unique filter (the grouped list shows each filter once).
    public var categoriesExcludingDuplicates: [CategoryInfo] { categories.filter { !$0.uniqueRecords.isEmpty } }

    /// Names of the non-empty categories, in order.
    public var categoryNames: [String] { categories.filter { !$0.records.isEmpty }.map(\.name) }

    /// The summary: as many categories as `categoryNames` (Lua: `Filter.categories()`).
    public var description: String {
        let listed = categories.filter { !$0.records.isEmpty }
        return "\(listed.count) Categories\n\n(\n" + listed.map { "\t\($0)\n" }.joined() + ")\n"
    }

    /// The formatted log CIFilterTest prints: filters grouped by category, optionally with
    /// each input key and its type/class; `unique` lists every filter once.
    public func log(keys: Bool, unique: Bool = false, only category: String? = nil) -> String {
        var out = ""
        for info in categories where category == nil || info.name == category {
            let records = unique ? info.uniqueRecords : info.records
            guard !records.isEmpty else { continue }
            out += "Category \(info.name):\n"
            for r in records {
                guard let d = descriptors[r.name] else { continue }
                out += "\tfilter \(d.name). (\(d.displayName))\tCategories:  \(d.categories.joined(separator: ",  "))\n"
                if keys {
                    let parts = d.inputs.map { "\($0.key) (\($0.type ?? "(null)")/\($0.attributeClass.rawValue))" }
                    out += "\t\tInput keys:\t" + parts.joined(separator: "\t") + "\n"
                }
            }
            out += "\n"
        }
        return out
    }
}
