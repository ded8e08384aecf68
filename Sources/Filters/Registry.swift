import Foundation
import PixelCore

/// All registered filters (built-in and plugins), looked up by name. Lua: `Filter.names()`
public final class FilterRegistry: @unchecked Sendable {
    public static let shared = FilterRegistry(BuiltinFilters.all)

    private var byName: [String: FilterDescriptor] = [:]
    private var order: [String] = []
    private let lock = NSLock()

    public init(_ descriptors: [FilterDescriptor]) { descriptors.forEach(register) }

    /// Adds or replaces a filter.
    public func register(_ d: FilterDescriptor) {
        lock.lock(); defer { lock.unlock() }
        if byName[d.name] == nil { order.append(d.name) }
        byName[d.name] = d
    }

    /// Every registered name, sorted.
    public var names: [String] { lock.lock(); defer { lock.unlock() }; return order.sorted() }

    public var descriptors: [FilterDescriptor] { names.compactMap { descriptor(exactly: $0) } }

    public func descriptor(exactly name: String) -> FilterDescriptor? {
        lock.lock(); defer { lock.unlock() }; return byName[name]
    }

    /// Finds a filter by exact name, case-insensitively, or without its `CI` prefix.
    public func descriptor(named name: String) throws -> FilterDescriptor {
        if let d = descriptor(exactly: name) { return d }
        let all = names
        let lower = name.lowercased()
        if let hit = all.first(where: { $0.lowercased() == lower || $0.lowercased() == "ci" + lower }) {
            return descriptor(exactly: hit)!
        }
        let near = Suggest.nearest(name, among: all)
        let hint = near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"
        throw LunetteError.invalid("unknown filter '\(name)'\(hint)")
    }
}
