import Foundation
import PixelCore

/// A node of a Core Image–shaped attribute dictionary.
public enum AttributeValue: @unchecked Sendable {
    case string(String)
    case number(Double)
    case value(FilterValue)
    case list([AttributeValue])
    case dictionary([String: AttributeValue])
}

extension InputSpec {
    /// This input's attribute sub-dictionary (`CIAttributeClass`, `CIAttributeDefault`, …).
    public var attributes: [String: AttributeValue] {
        var d: [String: AttributeValue] = [
            "CIAttributeClass": .string(attributeClass.rawValue),
            "CIAttributeDisplayName": .string(displayName),
            "CIAttributeDescription": .string(description),
        ]
        if let type { d["CIAttributeType"] = .string(type) }
        if let defaultValue { d["CIAttributeDefault"] = .value(defaultValue) }
        if let identity { d["CIAttributeIdentity"] = .value(identity) }
        if let min { d["CIAttributeMin"] = .number(min) }
        if let max { d["CIAttributeMax"] = .number(max) }
        if let sliderMin { d["CIAttributeSliderMin"] = .number(sliderMin) }
        if let sliderMax { d["CIAttributeSliderMax"] = .number(sliderMax) }
        return d
    }
}

extension FilterDescriptor {
    /// The filter's attribute dictionary, shaped like Core Image's `CIFilter.attributes`.
    public var attributes: AttributeValue {
        var d: [String: AttributeValue] = [
            "CIAttributeFilterName": .string(name),
            "CIAttributeFilterDisplayName": .string(displayName),
            "CIAttributeFilterCategories": .list(categories.map { .string($0) }),
            "CIAttributeDescription": .string(description),
        ]
        for input in inputs { d[input.key] = .dictionary(input.attributes) }
        return .dictionary(d)
    }
}
