import Foundation
import PixelCore

/// All registered filters (built-in and plugins), looked up by name. A built-in filter's
/// descriptor is built when first looked up, so start-up does not build them all.
/// Lua: `Filter.names()`
public final class FilterRegistry: @unchecked Sendable {
    public static let shared = FilterRegistry(BuiltinFilters.entries)

    private var byName: [String: FilterDescriptor] = [:]
    private var pending: [String: @Sendable () -> FilterDescriptor] = [:]
    private var order: [String] = []
    private var sorted: [String]?
    private let lock = NSLock()

    public init(_ descriptors: [FilterDescriptor]) { descriptors.forEach(register) }

    /// Filters by name whose descriptors are built on first use (`BuiltinFilters.entries`).
    public init(_ entries: [(name: String, descriptor: @Sendable () -> FilterDescriptor)]) {
        for (name, make) in entries where pending.updateValue(make, forKey: name) == nil { order.append(name) }
    }

    /// Adds or replaces a filter.
    public func register(_ d: FilterDescriptor) {
        lock.lock(); defer { lock.unlock() }
        if byName[d.name] == nil, pending.removeValue(forKey: d.name) == nil {
            order.append(d.name)
            sorted = nil
        }
        byName[d.name] = d
    }

    /// Every registered name, sorted.
    public var names: [String] {
        lock.lock(); defer { lock.unlock() }
        if let sorted { return sorted }
        let s = order.sorted()
        sorted = s
        return s
    }

    public var descriptors: [FilterDescriptor] { names.compactMap { descriptor(exactly: $0) } }

    public func descriptor(exactly name: String) -> FilterDescriptor? {
        lock.lock()
        if let d = byName[name] { lock.unlock(); return d }
        guard let make = pending[name] else { lock.unlock(); return nil }
        lock.unlock()
        // Built outside the lock: a descriptor's initialiser may look other filters up.
        let d = make()
        lock.lock(); defer { lock.unlock() }
        if pending.removeValue(forKey: name) != nil { byName[name] = d }
        return byName[name] ?? d
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
