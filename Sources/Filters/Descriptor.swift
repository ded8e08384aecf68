import Foundation
import PixelCore

/// `CIAttributeClass` of an input.
public enum AttributeClass: String, Sendable {
    case image = "CIImage", number = "NSNumber", vector = "CIVector", color = "CIColor"
    case string = "NSString", value = "NSValue", data = "NSData"
    /// Styled text (an NSAttributedString in Core Image); Lunette takes a markup string.
    case attributedString = "NSAttributedString"
    /// An opaque object (a CGColorSpace in Core Image); Lunette takes a name string.
    case object = "NSObject"
    /// A list of CIVectors (CIMeshGenerator's segments); Lunette keeps it as one flat Vector.
    case array = "NSArray"
    /// A barcode's symbology and payload; Lunette takes a JSON object (a Lua table of fields).
    case barcodeDescriptor = "CIBarcodeDescriptor"
}

/// One input of a filter, with Core Image's attribute keys.
public struct InputSpec: @unchecked Sendable {
    public var key: String
    public var displayName: String
    public var description: String
    public var attributeClass: AttributeClass
    public var type: String?
    public var defaultValue: FilterValue?
    public var min: Double?, max: Double?, sliderMin: Double?, sliderMax: Double?
    public var identity: FilterValue?
    /// The default as its declaration wrote it, where that differs from `defaultValue`'s
    /// Lua text (a plugin's `Color"#fdbb2d"`); `describe` shows it.
    public var defaultSource: String?

    public init(
        _ key: String, _ displayName: String, class cls: AttributeClass, type: String? = nil,
        default def: FilterValue? = nil, min: Double? = nil, max: Double? = nil,
        sliderMin: Double? = nil, sliderMax: Double? = nil, identity: FilterValue? = nil,
        description: String
    ) {
        self.key = key; self.displayName = displayName; self.description = description
        attributeClass = cls; self.type = type; defaultValue = def
        self.min = min; self.max = max; self.sliderMin = sliderMin; self.sliderMax = sliderMax
        self.identity = identity
    }

    /// An image input (`inputImage` unless named otherwise).
    public static func image(
        _ key: String = "inputImage", _ displayName: String = "Image",
        _ description: String = "The image to use as an input."
    ) -> InputSpec {
        InputSpec(key, displayName, class: .image, type: "CIAttributeTypeImage", description: description)
    }

    /// A number input with its range; the identity defaults to none.
    public static func number(
        _ key: String, _ displayName: String, type: String? = "CIAttributeTypeScalar",
        default def: Double, min: Double? = nil, max: Double? = nil,
        sliderMin: Double? = nil, sliderMax: Double? = nil, identity: Double? = nil,
        _ description: String
    ) -> InputSpec {
        InputSpec(
            key, displayName, class: .number, type: type, default: .number(def), min: min, max: max,
            sliderMin: sliderMin, sliderMax: sliderMax, identity: identity.map { .number($0) },
            description: description)
    }

    /// A CIVector input whose default (and identity) fix its length.
    public static func vector(
        _ key: String, _ displayName: String, type: String? = nil, default def: [Double],
        identity: [Double]? = nil, _ description: String
    ) -> InputSpec {
        InputSpec(
            key, displayName, class: .vector, type: type, default: .vector(Vector(def)),
            identity: identity.map { .vector(Vector($0)) }, description: description)
    }

    /// An affine-transform input (NSValue).
    public static func transform(
        _ key: String, _ displayName: String, type: String? = "CIAttributeTypeTransform",
        _ description: String
    ) -> InputSpec {
        InputSpec(
            key, displayName, class: .value, type: type, default: .transform(.identity),
            identity: .transform(.identity), description: description)
    }
}

/// Everything Lunette knows about one filter; the single source for bindings, listing and tests.
public struct FilterDescriptor: @unchecked Sendable {
    public var name: String
    public var displayName: String
    public var categories: [String]
    public var description: String
    public var inputs: [InputSpec]
    public var outputKeys: [String] = ["outputImage"]
    /// Builds the output image from validated input values.
    public var build: (FilterInputs) throws -> Image

    public init(
        name: String, displayName: String, categories: [String], description: String,
        inputs: [InputSpec], build: @escaping (FilterInputs) throws -> Image
    ) {
        self.name = name; self.displayName = displayName; self.categories = categories
        self.description = description; self.inputs = inputs; self.build = build
    }

    public var inputKeys: [String] { inputs.map(\.key) }
    public func input(_ key: String) -> InputSpec? { inputs.first { $0.key == key } }
}

/// Typed read access to a filter's current input values, for `build`. Every read goes
/// through `subscript(key)`, which notes a key the descriptor does not declare (a misspelled
/// key would otherwise read as unset, silently): `ConformanceTests` builds every filter and
/// fails on any such read (`UndeclaredInputReads`).
public struct FilterInputs {
    public let filter: String
    /// Every value set, by key (plugins hand them on whole).
    public let values: [String: FilterValue]
    let declared: Set<String>?

    public init(filter: String, values: [String: FilterValue], declared: Set<String>? = nil) {
        self.filter = filter; self.values = values; self.declared = declared
    }

    /// The value of input `key`, nil when unset.
    public subscript(_ key: String) -> FilterValue? {
        if let declared, !declared.contains(key) { UndeclaredInputReads.note("\(filter).\(key)") }
        return values[key]
    }

    public func image(_ key: String = "inputImage") throws -> Image {
        guard case .image(let i)? = self[key] else { throw LunetteError.invalid("\(filter).\(key): no image set") }
        return i
    }
    public func number(_ key: String) -> Double {
        if case .number(let d)? = self[key] { return d }
        return 0
    }
    public func vector(_ key: String) -> Vector {
        if case .vector(let v)? = self[key] { return v }
        return Vector([])
    }
    public func color(_ key: String) -> Color {
        if case .color(let c)? = self[key] { return c }
        return Color(0, 0, 0, 1)
    }
    public func transform(_ key: String) -> Transform {
        if case .transform(let t)? = self[key] { return t }
        return .identity
    }
}

/// Keys a filter's body read that its descriptor does not declare, as `CIName.inputKey`.
/// Checked only while `checking` is on (tests), so renders pay nothing for it.
public enum UndeclaredInputReads {
    nonisolated(unsafe) public static var checking = false
    static let lock = NSLock()
    nonisolated(unsafe) static var seen: Set<String> = []

    static func note(_ read: String) { lock.lock(); seen.insert(read); lock.unlock() }

    /// The reads noted so far (sorted), forgetting them.
    public static func drain() -> [String] {
        lock.lock(); defer { lock.unlock() }
        let out = seen.sorted()
        seen.removeAll()
        return out
    }
}
