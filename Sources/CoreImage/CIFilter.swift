import Filters
import Foundation
import Lunette
import PixelCore

/// Core Image's filter: a name, input values set by key, and an output image. Built-in
/// filters and Lua plugins (`CIFilter(name: "XSoftGlow")`) are Lunette's descriptors, so a
/// chain renders what the CLI renders for it. Subclass it and override `outputImage` for
/// filters of your own (`CIFilter.registerName` makes them available by name).
///
/// ```swift
/// let blur = CIFilter(name: "CIGaussianBlur")!
/// blur.setValue(photo, forKey: kCIInputImageKey)
/// blur.setValue(8, forKey: kCIInputRadiusKey)
/// let out = blur.outputImage
/// ```
///
/// Values are checked when set: one Lunette rejects (a wrong type, a number out of the
/// input's `CIAttributeMin`…`CIAttributeMax`) is not stored, `lastError` says why and
/// `outputImage` is nil until the key is set again. A key the filter lacks is kept aside
/// (so subclasses can use `value(forKey:)`); Apple's raises an exception there.
/// Like Apple's, a filter is not `Sendable`: make one per task (images and contexts are).
open class CIFilter: NSObject, NSCopying {
    /// The descriptor of a named filter (nil for a subclass made with `init()`).
    let descriptor: FilterDescriptor?
    let core: Filter?
    /// Keys the descriptor lacks, as set (subclasses' own inputs).
    var extra: [String: Any] = [:]
    /// Keys whose last value was rejected, with the reason.
    var rejected: [String: String] = [:]
    /// A filter made by a registered constructor, to which this one forwards.
    var forward: CIFilter?
    /// Why the last `setValue` or `outputImage` failed, if it did.
    public internal(set) var lastError: String?

    /// The filter's name (`CIGaussianBlur`); a subclass's class name until it sets one.
    open var name: String

    /// A filter with no descriptor: the initializer subclasses call.
    public override init() {
        descriptor = nil; core = nil
        name = String(describing: type(of: self))
        super.init()
    }

    /// The filter named `name` (built-in, a Lua plugin, or registered), defaults set; nil
    /// for an unknown name.
    public init?(name: String) {
        if let made = CIFilterRegistry.make(name) {
            descriptor = nil; core = nil; forward = made; self.name = name
            super.init()
            return
        }
        guard let d = try? Lunette.descriptor(named: name) else { return nil }
        descriptor = d; core = Filter(d); self.name = d.name
        super.init()
    }

    /// Made by the generated typed filters (`CIFilter.gaussianBlur()`): the name exists.
    init(builtin name: String) {
        let d = try! Lunette.descriptor(named: name)
        descriptor = d; core = Filter(d); self.name = d.name
        super.init()
    }

    /// The filter named `name` with `parameters` set after its defaults.
    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (k, v) in params ?? [:] { setValue(v, forKey: k) }
    }

    /// The result of the current inputs, or nil when an input is missing or rejected
    /// (`lastError` says which). Override it in a subclass.
    open var outputImage: CIImage? {
        if let forward { return forward.outputImage }
        guard let core else { return nil }
        if let (key, why) = rejected.sorted(by: { $0.key < $1.key }).first {
            lastError = "\(name).\(key): \(why)"
            return nil
        }
        do {
            return CIImage(image: try core.outputImage())
        } catch {
            lastError = "\(error)"
            return nil
        }
    }

    /// Every input back to its default; images cleared.
    open func setDefaults() {
        if let forward { forward.setDefaults(); return }
        core?.setDefaults(); rejected = [:]; lastError = nil
    }

    /// The input keys in declaration order (`inputImage`, `inputRadius`, …).
    open var inputKeys: [String] { forward?.inputKeys ?? descriptor?.inputKeys ?? extra.keys.sorted() }
    open var outputKeys: [String] { forward?.outputKeys ?? descriptor?.outputKeys ?? [kCIOutputImageKey] }

    /// Core Image's attribute dictionary: `CIAttributeFilterName`, categories, and one
    /// dictionary per input (`CIAttributeClass`, `CIAttributeDefault`, `CIAttributeSliderMax`, …).
    open var attributes: [String: Any] {
        if let forward { return forward.attributes }
        guard let descriptor else { return [kCIAttributeFilterName: name] }
        return CIFilter.object(descriptor.attributes) as? [String: Any] ?? [:]
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        guard let descriptor, let core else { return self }
        let c = CIFilter(builtin: descriptor.name)
        for (k, v) in core.values { try? c.core?.set(k, v) }
        c.extra = extra; c.rejected = rejected
        return c
    }

    open override var description: String { "<CIFilter \(name)>" }

    // Key-value coding, which NSObject lacks on Linux: declared here (not in an extension)
    // so that subclasses can override them, as Apple's subclasses override KVC.

    /// Sets an input by Core Image key (`inputRadius`; `radius` works too); see `storeValue`.
    open func setValue(_ value: Any?, forKey key: String) { storeValue(value, forKey: key) }

    /// The current value of an input as Core Image types it, `outputImage`, or nil.
    open func value(forKey key: String) -> Any? { readValue(forKey: key) }

    /// `setValue(_:forKey:)` on the last component of a key path (filters have flat keys).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        setValue(value, forKey: String(keyPath.split(separator: ".").last ?? Substring(keyPath)))
    }

    open func value(forKeyPath keyPath: String) -> Any? {
        value(forKey: String(keyPath.split(separator: ".").last ?? Substring(keyPath)))
    }

    /// The values of `keys` (NSNull for unset ones), as NSObject's does on Apple's platforms.
    open func dictionaryWithValues(forKeys keys: [String]) -> [String: Any] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, value(forKey: $0) ?? NSNull()) })
    }
}
