import Foundation
import PixelCore

/// A configured filter: a descriptor plus current input values, validated on set. Lua: `Filter("CISepiaTone")`
public final class Filter: @unchecked Sendable {
    public let descriptor: FilterDescriptor
    public private(set) var values: [String: FilterValue] = [:]

    /// A filter with its defaults set, like `[CIFilter filterWithName:]`.
    public init(_ descriptor: FilterDescriptor) {
        self.descriptor = descriptor
        setDefaults()
    }

    /// A filter with the given values (already validated), e.g. for a plugin's `apply`.
    public init(_ descriptor: FilterDescriptor, values: [String: FilterValue]) {
        self.descriptor = descriptor
        self.values = values
    }

    /// Looks a filter up by name in the registry.
    public convenience init(name: String) throws {
        self.init(try FilterRegistry.shared.descriptor(named: name))
    }

    public var name: String { descriptor.name }

    /// Restores every input's default (images are cleared).
    public func setDefaults() {
        values = [:]
        for input in descriptor.inputs { if let d = input.defaultValue { values[input.key] = d } }
    }

    /// The full key for `key`, accepting the name without its `input` prefix (`radius`).
    public func resolveKey(_ key: String) throws -> String {
        if descriptor.input(key) != nil { return key }
        let prefixed = "input" + key.prefix(1).uppercased() + key.dropFirst()
        if descriptor.input(prefixed) != nil { return prefixed }
        let near = Suggest.nearest(key, among: descriptor.inputKeys + descriptor.inputKeys.map(Filter.shortKey))
        let hint = near.isEmpty ? "" : " (did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?)"
        throw LunetteError.invalid("\(name): no input named '\(key)'\(hint)")
    }

    /// `inputRadius` → `radius`.
    public static func shortKey(_ key: String) -> String {
        guard key.hasPrefix("input"), key.count > 5 else { return key }
        let rest = key.dropFirst(5)
        // Acronyms keep their case: inputEV → EV, inputRVector → RVector.
        if rest.count > 1, rest.dropFirst().first!.isUppercase { return String(rest) }
        return rest.prefix(1).lowercased() + rest.dropFirst()
    }

    public func value(_ key: String) throws -> FilterValue? { values[try resolveKey(key)] }

    /// Validates, coerces and stores a value. Lua: `f.inputRadius = 8`
    public func set(_ key: String, _ value: FilterValue?) throws {
        let k = try resolveKey(key)
        guard let spec = descriptor.input(k) else { return }
        guard let value else { values[k] = nil; return }
        values[k] = try spec.coerce(value, filter: name)
    }

    /// The output image built from the current inputs. Lua: `f.outputImage`
    public func outputImage() throws -> Image {
        let image = try descriptor.build(
            FilterInputs(
                filter: name, values: values,
                declared: UndeclaredInputReads.checking ? Set(descriptor.inputKeys) : nil))
        try Limits.checkDepth(image, what: name)
        return image
    }
}

extension InputSpec {
    /// Checks `value` against this input's class, length and range, converting where Core Image would.
    public func coerce(_ value: FilterValue, filter: String) throws -> FilterValue {
        func bad(_ expected: String) -> LunetteError {
            LunetteError.invalid(
                "\(filter).\(key): expected \(expected), got \(value.typeName == "number" ? value.description : value.typeName)")
        }
        switch (attributeClass, value) {
        case (.number, .number(let d)):
            if !d.isFinite { throw bad("a finite number") }
            if abs(d) > InputSpec.maxMagnitude {
                throw LunetteError.limit("\(filter).\(key): \(fmt(d)) is beyond the limit of ±1000000 for numeric inputs")
            }
            if let lo = min, d < lo {
                throw bad(max.map { "a number in \(fmt(lo))…\(fmt($0))" } ?? "a number ≥ \(fmt(lo))")
            }
            if let hi = max, d > hi {
                throw bad(min.map { "a number in \(fmt($0))…\(fmt(hi))" } ?? "a number ≤ \(fmt(hi))")
            }
            if type == "CIAttributeTypeBoolean" { return .number(d != 0 ? 1 : 0) }
            if type == "CIAttributeTypeCount" || type == "CIAttributeTypeInteger" { return .number(d.rounded()) }
            return value
        case (.number, _): throw bad("a number")
        case (.vector, .vector(let v)):
            let n = expectedLength
            if let n, v.count != n { throw bad("a Vector of \(n) numbers") }
            if v.components.contains(where: { !$0.isFinite && abs($0) != .infinity }) { throw bad("finite numbers") }
            return value
        case (.vector, _): throw bad(expectedLength.map { "a Vector of \($0) numbers" } ?? "a Vector")
        case (.color, .color): return value
        case (.color, .string(let s)):
            guard let c = Color(hex: s) else { throw bad("a Color or \"#rrggbb[aa]\"") }
            return .color(c)
        case (.color, .vector(let v)) where v.count == 3 || v.count == 4:
            return .color(Color(v[0], v[1], v[2], v.count == 4 ? v[3] : 1))
        case (.color, _): throw bad("a Color")
        case (.image, .image): return value
        case (.image, _): throw bad("an Image")
        case (.string, .string): return value
        case (.string, .number(let d)): return .string(fmt(d))
        case (.string, _): throw bad("a string")
        case (.attributedString, .string): return value
        case (.attributedString, _): throw bad("a string (text with <span> markup)")
        case (.value, .transform): return value
        case (.value, .vector(let v)) where v.count == 6:
            return .transform(Transform(v[0], v[1], v[2], v[3], v[4], v[5]))
        case (.value, _): throw bad("a Transform")
        case (.data, .data): return value
        case (.data, .string(let s)): return .data(Array(s.utf8))
        case (.data, .vector): return value
        case (.data, _): throw bad("data (a string of bytes or a table of numbers)")
        case (.object, .string): return value
        case (.object, _): throw bad("a name string")
        case (.array, .vector(let v)) where v.count % 4 == 0: return value
        case (.array, _): throw bad("a list of Vectors of 4 numbers (x0, y0, x1, y1)")
        case (.barcodeDescriptor, .string): return value
        case (.barcodeDescriptor, _): throw bad("a table of fields (symbology, message, …) or its JSON text")
        }
    }

    /// Largest magnitude a numeric input may have: beyond any useful radius, scale or
    /// count (the default side limit), and small enough that kernels and sizes derived
    /// from it stay allocatable and within integer range.
    public static let maxMagnitude = 1e6

    /// The fixed component count of a vector input, from its type or default.
    public var expectedLength: Int? {
        switch type {
        case "CIAttributeTypePosition", "CIAttributeTypeOffset": return 2
        case "CIAttributeTypePosition3": return 3
        case "CIAttributeTypeRectangle": return 4
        default:
            if case .vector(let v)? = defaultValue { return v.count }
            return nil
        }
    }
}

/// Spelling suggestions for unknown names.
public enum Suggest {
    /// Up to two candidates within a small edit distance of `word` (case-insensitive).
    public static func nearest(_ word: String, among candidates: [String]) -> [String] {
        guard word.utf8.count <= 64 else { return [] }  // no name is that long; spare the quadratic distance
        let w = Array(word.lowercased())
        func bare(_ c: String) -> String {
            for prefix in ["cicategory", "ci", "input"] where c.hasPrefix(prefix) { return String(c.dropFirst(prefix.count)) }
            return c
        }
        let scored = candidates.map { c -> (String, Int) in
            let l = c.lowercased()
            return (c, Swift.min(distance(w, Array(l)), distance(w, Array(bare(l)))))
        }
        let limit = Swift.max(2, w.count / 3)
        var seen = Set<String>()
        return scored.filter { $0.1 <= limit }.sorted { $0.1 < $1.1 }.map(\.0)
            .filter { seen.insert($0).inserted }.prefix(2).map { $0 }
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var prev = Array(0...b.count)
        for i in 1...a.count {
            var cur = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                cur[j] = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            prev = cur
        }
        return prev[b.count]
    }
}
