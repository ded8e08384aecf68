import Foundation
import PixelCore

/// A usage category of Core Image (`CICategoryVideo`, …): where a filter may be used.
public enum Usage: String, Sendable {
    case video = "CICategoryVideo", stillImage = "CICategoryStillImage", interlaced = "CICategoryInterlaced"
    case nonSquarePixels = "CICategoryNonSquarePixels", highDynamicRange = "CICategoryHighDynamicRange"
    case builtIn = "CICategoryBuiltIn", xmpSerializable = "CICategoryXMPSerializable"
}

/// A family of filters: the Core Image effect category they are filed under (their
/// folder below `Sources/Filters`) and the usage categories most of them share, in
/// Core Image's order. A declaration names its family and lists usage only where it
/// differs. Swift: `FilterDescriptor(.stylize, "CIGloom", "Gloom", "Dulls…", inputs: […]) { f in … }`
public struct Family: Sendable {
    public let category: String
    public let usage: [Usage]

    public init(_ category: String, usage: [Usage]) { self.category = category; self.usage = usage }

    /// Video, still images, built in: most families.
    public static let common: [Usage] = [.video, .stillImage, .builtIn]
    /// Also interlaced and non-square-pixel video (colour and compositing filters).
    public static let anyVideo: [Usage] = [.video, .stillImage, .interlaced, .nonSquarePixels, .builtIn]
    /// Core Image's later filters (listed with `sorted:`): built in, still images, video.
    public static let later: [Usage] = [.builtIn, .stillImage, .video]
    /// The later filters that also take high dynamic range.
    public static let laterHDR: [Usage] = [.builtIn, .highDynamicRange, .stillImage, .video]

    public static let blur = Family(Category.blur, usage: common)
    public static let colorAdjustment = Family(Category.colorAdjustment, usage: anyVideo)
    public static let colorEffect = Family(
        Category.colorEffect,
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn])
    public static let compositeOperation = Family(Category.compositeOperation, usage: anyVideo)
    public static let distortionEffect = Family(Category.distortionEffect, usage: common)
    public static let generator = Family(Category.generator, usage: common)
    public static let geometryAdjustment = Family(Category.geometryAdjustment, usage: common)
    public static let gradient = Family(Category.gradient, usage: common)
    public static let halftoneEffect = Family(Category.halftoneEffect, usage: common)
    public static let reduction = Family(Category.reduction, usage: common)
    public static let sharpen = Family(Category.sharpen, usage: common)
    public static let stylize = Family(Category.stylize, usage: common)
    public static let tileEffect = Family(Category.tileEffect, usage: common)
    public static let transition = Family(Category.transition, usage: common)
}

extension FilterDescriptor {
    /// A filter of `family`, declared the way Core Image documents it: name, display name,
    /// description, inputs; `usage` only where it differs from the family's.
    public init(
        _ family: Family, _ name: String, _ displayName: String, usage: [Usage]? = nil,
        _ description: String, inputs: [InputSpec], build: @escaping (FilterInputs) throws -> Image
    ) {
        self.init(
            name: name, displayName: displayName,
            categories: [family.category] + (usage ?? family.usage).map(\.rawValue),
            description: description, inputs: inputs, build: build)
    }
}

extension FilterDescriptor {
    /// A filter whose catalogue entry lists its categories sorted by name, as Core Image's
    /// later filters do: the family's category sorted in among `usage`.
    /// Swift: `FilterDescriptor(.stylize, "CISobelGradients", "Sobel Gradients", sorted: Family.laterHDR, "…", inputs: [.image()]) { f in … }`
    public init(
        _ family: Family, _ name: String, _ displayName: String, sorted usage: [Usage], _ description: String,
        inputs: [InputSpec], build: @escaping (FilterInputs) throws -> Image
    ) {
        self.init(
            name: name, displayName: displayName, categories: ([family.category] + usage.map(\.rawValue)).sorted(),
            description: description, inputs: inputs, build: build)
    }
}

extension FilterDescriptor {
    /// A filter whose only input is its image, made by `transform` from it.
    /// Swift: `FilterDescriptor(.colorEffect, "CIColorInvert", "Color Invert", "…") { image in … }`
    public init(
        _ family: Family, _ name: String, _ displayName: String, usage: [Usage]? = nil,
        _ description: String, imageOnly transform: @escaping (Image) throws -> Image
    ) {
        self.init(family, name, displayName, usage: usage, description, inputs: [.image()]) { f in
            try transform(f.image())
        }
    }
}

extension FilterDescriptor {
    /// A filter of an image about a point: its inputs are the image, `inputCenter` (what
    /// `center` says of it) and `more`, in Core Image's order.
    /// Swift: `FilterDescriptor(.stylize, "CIPixellate", "Pixelate", "…", center: "A corner of the grid.", .number(…)) { f in … }`
    public init(
        _ family: Family, _ name: String, _ displayName: String, usage: [Usage]? = nil, _ description: String,
        center: String, _ more: InputSpec..., build: @escaping (FilterInputs) throws -> Image
    ) {
        self.init(family, name, displayName, usage: usage, description, inputs: [.image(), .center(center)] + more, build: build)
    }
}
