import Foundation

/// Keys of `CIContext`'s options. Lunette honours the colour spaces and ignores the rest
/// (its renderer has one working format, float, and no GPU to choose).
public struct CIContextOption: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The working space: Lunette's is linear sRGB (extended range); other values are ignored.
    public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
    /// The space `createCGImage(_:from:)` and `render` use when none is given (default sRGB).
    public static let outputColorSpace = CIContextOption(rawValue: "output_color_space")
    public static let workingFormat = CIContextOption(rawValue: "working_format")
    public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
    public static let cacheIntermediates = CIContextOption(rawValue: "kCIContextCacheIntermediates")
    public static let highQualityDownsample = CIContextOption(rawValue: "kCIContextHighQualityDownsample")
    public static let priorityRequestLow = CIContextOption(rawValue: "kCIContextPriorityRequestLow")
    public static let name = CIContextOption(rawValue: "kCIContextName")
}

public let kCIContextWorkingColorSpace = CIContextOption.workingColorSpace
public let kCIContextOutputColorSpace = CIContextOption.outputColorSpace
public let kCIContextWorkingFormat = CIContextOption.workingFormat
public let kCIContextUseSoftwareRenderer = CIContextOption.useSoftwareRenderer
public let kCIContextCacheIntermediates = CIContextOption.cacheIntermediates

/// Keys of the representation options (`pngRepresentation(…options:)`, `writeJPEGRepresentation`).
public struct CIImageRepresentationOption: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// JPEG/HEIF quality in 0…1 (ImageIO's `kCGImageDestinationLossyCompressionQuality`).
    public static let lossyCompressionQuality = CIImageRepresentationOption(rawValue: kCGImageDestinationLossyCompressionQuality)
}
