import Filters
import Foundation
import Lunette

/// Makes filters for names registered with `CIFilter.registerName(_:constructor:classAttributes:)`.
public protocol CIFilterConstructor: AnyObject {
    func filter(withName name: String) -> CIFilter?
}

/// Names registered from Swift, with their constructors and attributes.
enum CIFilterRegistry {
    nonisolated(unsafe) static var entries: [String: (CIFilterConstructor, [String: Any])] = [:]
    static let lock = NSLock()

    static func make(_ name: String) -> CIFilter? {
        lock.lock(); let entry = entries[name]; lock.unlock()
        return entry?.0.filter(withName: name)
    }
    static var all: [(String, [String: Any])] {
        lock.lock(); defer { lock.unlock() }
        return entries.map { ($0.key, $0.value.1) }
    }
}

extension CIFilter {
    /// The names of the filters in `category` (all filters for nil), sorted.
    ///
    /// ```swift
    /// for name in CIFilter.filterNames(inCategory: kCICategoryBlur) { print(name) }
    /// ```
    public class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// The names of the filters in every one of `categories` (all filters for nil or []).
    public class func filterNames(inCategories categories: [String]?) -> [String] {
        let wanted = Set(categories ?? [])
        var names = Lunette.registry.descriptors.filter { wanted.isSubset(of: $0.categories) }.map(\.name)
        for (name, attrs) in CIFilterRegistry.all {
            let cats = Set(attrs[kCIAttributeFilterCategories] as? [String] ?? [])
            if wanted.isSubset(of: cats) { names.append(name) }
        }
        return Array(Set(names)).sorted()
    }

    /// The display name of a filter (`"Gaussian Blur"`), or nil for an unknown name.
    public class func localizedName(forFilterName name: String) -> String? {
        if let d = try? Lunette.descriptor(named: name) { return d.displayName }
        return CIFilterRegistry.all.first { $0.0 == name }?.1[kCIAttributeFilterDisplayName] as? String
    }

    /// What a filter does, in a sentence.
    public class func localizedDescription(forFilterName name: String) -> String? {
        (try? Lunette.descriptor(named: name))?.description
    }

    /// Makes `CIFilter(name:)` build filters of your own: `constructor` returns one (usually
    /// a subclass overriding `outputImage`); `classAttributes` gives its display name and
    /// categories for `filterNames(inCategory:)`.
    ///
    /// ```swift
    /// CIFilter.registerName("MyVignette", constructor: MyConstructor(),
    ///                        classAttributes: [kCIAttributeFilterCategories: [kCICategoryStylize]])
    /// ```
    public class func registerName(
        _ name: String, constructor: CIFilterConstructor,
        classAttributes attributes: [String: Any] = [:]
    ) {
        CIFilterRegistry.lock.lock()
        CIFilterRegistry.entries[name] = (constructor, attributes)
        CIFilterRegistry.lock.unlock()
    }
}
