import Foundation

/// EXIF orientations 1–8, as ImageIO names them. `CIImage.oriented(_:)` turns an image
/// so that one stored that way shows upright.
public enum CGImagePropertyOrientation: UInt32, Sendable {
    case up = 1, upMirrored, down, downMirrored, leftMirrored, right, rightMirrored, left
}

/// ImageIO's keys that Core Image code passes in option dictionaries.
public let kCGImagePropertyOrientation = "Orientation"
public let kCGImagePropertyPixelWidth = "PixelWidth"
public let kCGImagePropertyPixelHeight = "PixelHeight"
public let kCGImagePropertyExifDictionary = "{Exif}"
public let kCGImagePropertyTIFFDictionary = "{TIFF}"
public let kCGImagePropertyGPSDictionary = "{GPS}"
public let kCGImageDestinationLossyCompressionQuality = "kCGImageDestinationLossyCompressionQuality"

/// Core Foundation's null, which Foundation on Linux does not export.
public let kCFNull = NSNull()
