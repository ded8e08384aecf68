import Foundation
import PixelCore

/// A shared input of Core Image's vocabulary: its key, display name and attribute type
/// (and, for images, the description most filters give it), declared once. A filter's
/// declaration names it and adds what is its own: default, range, identity, description.
/// Swift: `.number(.radius, default: 10, min: 0, sliderMin: 0, sliderMax: 100, "Blur radius.")`
public struct InputName: Sendable {
    public let key: String
    public let displayName: String
    public let type: String?
    public let description: String?

    public init(_ key: String, _ displayName: String, _ type: String?, _ description: String? = nil) {
        self.key = key; self.displayName = displayName; self.type = type; self.description = description
    }

    static let scalar = "CIAttributeTypeScalar", distance = "CIAttributeTypeDistance"
    static let position = "CIAttributeTypePosition"

    public static let background = InputName(
        "inputBackgroundImage", "Background Image", "CIAttributeTypeImage",
        "The background (backdrop) image.")
    public static let target = InputName(
        "inputTargetImage", "Target Image", "CIAttributeTypeImage",
        "The image to transition to.")
    public static let mask = InputName("inputMaskImage", "Mask Image", "CIAttributeTypeImage")
    public static let center = InputName("inputCenter", "Center", position)
    public static let point0 = InputName("inputPoint0", "Point 0", position)
    public static let point1 = InputName("inputPoint1", "Point 1", position)
    public static let extent = InputName("inputExtent", "Extent", "CIAttributeTypeRectangle")
    public static let radius = InputName("inputRadius", "Radius", distance)
    public static let width = InputName("inputWidth", "Width", distance)
    public static let angle = InputName("inputAngle", "Angle", "CIAttributeTypeAngle")
    public static let time = InputName("inputTime", "Time", "CIAttributeTypeTime")
    public static let intensity = InputName("inputIntensity", "Intensity", scalar)
    public static let sharpness = InputName("inputSharpness", "Sharpness", scalar)
    public static let scale = InputName("inputScale", "Scale", scalar)
    public static let color = InputName("inputColor", "Color", "CIAttributeTypeColor")
    public static let color0 = InputName("inputColor0", "Color 1", "CIAttributeTypeColor")
    public static let color1 = InputName("inputColor1", "Color 2", "CIAttributeTypeColor")
}

extension InputSpec {
    /// A shared image input; `description` replaces the shared one.
    public static func image(_ name: InputName, _ description: String? = nil) -> InputSpec {
        image(name.key, name.displayName, description ?? name.description ?? "")
    }

    /// A shared number input with its range; the identity defaults to none.
    public static func number(
        _ name: InputName, default def: Double, min: Double? = nil, max: Double? = nil,
        sliderMin: Double? = nil, sliderMax: Double? = nil, identity: Double? = nil,
        _ description: String
    ) -> InputSpec {
        number(
            name.key, name.displayName, type: name.type, default: def, min: min, max: max,
            sliderMin: sliderMin, sliderMax: sliderMax, identity: identity, description)
    }

    /// A shared vector input (a position, an extent).
    public static func vector(
        _ name: InputName, default def: [Double], identity: [Double]? = nil,
        _ description: String
    ) -> InputSpec {
        vector(name.key, name.displayName, type: name.type, default: def, identity: identity, description)
    }

    /// `inputCenter`, by default at Core Image's usual (150, 150).
    public static func center(_ description: String, default def: [Double] = [150, 150]) -> InputSpec {
        vector(.center, default: def, description)
    }

    /// A colour input (`CIColor`) with its default.
    public static func color(_ name: InputName, default def: Color, _ description: String) -> InputSpec {
        InputSpec(
            name.key, name.displayName, class: .color, type: name.type, default: .color(def),
            description: description)
    }
}
