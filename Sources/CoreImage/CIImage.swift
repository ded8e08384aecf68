import Codecs
import Foundation
import PixelCore

/// Keys of `CIImage`'s option dictionaries.
public struct CIImageOption: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// `true`: turn the image upright by its EXIF orientation (default `false`, as Apple's).
    public static let applyOrientationProperty = CIImageOption(rawValue: "kCIImageApplyOrientationProperty")
    /// A `CGColorSpace` the stored values are in (overrides the file's profile), or
    /// `NSNull()`/`kCFNull` for no colour management at all.
    public static let colorSpace = CIImageOption(rawValue: "kCIImageColorSpace")
    /// A properties dictionary to carry instead of the file's.
    public static let properties = CIImageOption(rawValue: "kCIImageProperties")
}

/// Core Image's image: a recipe, rendered only by a `CIContext`. It wraps Lunette's
/// `Image` (the same lazy graph the CLI and Lua build), so every method here adds a node
/// and costs nothing until rendered. Coordinates are Core Image's: origin bottom-left.
///
/// ```swift
/// let photo = CIImage(contentsOf: url, options: [.applyOrientationProperty: true])!
/// let small = photo.transformed(by: CGAffineTransform(scaleX: 0.25, y: 0.25))
/// ```
public final class CIImage: NSObject, NSCopying, @unchecked Sendable {
    /// The Lunette image this one is.
    public let image: Image
    let storedProperties: [String: Any]
    /// The file or URL the image was loaded from.
    public let url: URL?

    /// Wraps a Lunette image (for code mixing `import Lunette` and `import CoreImage`).
    public init(image: Image, properties: [String: Any] = [:], url: URL? = nil) {
        self.image = image
        storedProperties = properties
        self.url = url
    }

    /// An image of one colour with an infinite extent (crop it before rendering).
    public convenience init(color: CIColor) { self.init(image: Image.color(color.lunette)) }

    /// An image with an empty extent.
    public static func empty() -> CIImage { CIImage(image: .empty) }
    public static let black = CIImage(color: .black), white = CIImage(color: .white), clear = CIImage(color: .clear)
    public static let red = CIImage(color: .red), green = CIImage(color: .green), blue = CIImage(color: .blue)
    public static let gray = CIImage(color: .gray)

    /// The rectangle the image covers; `CGRect.infinite` for generators and colours.
    public var extent: CGRect { CGRect(lunette: image.extent) }

    /// What the file said about itself: `Orientation`, `PixelWidth`, `{Exif}`, `{TIFF}`,
    /// `{GPS}`, `ProfileName`, … (empty for images made by filters).
    public var properties: [String: Any] { storedProperties }

    public func copy(with zone: NSZone? = nil) -> Any { self }
    public override var description: String { "<CIImage: extent \(extent)>" }
}

extension CIImage {
    /// Core Image's property dictionary from a loaded image's metadata (`Exif` → `{Exif}`).
    static func properties(of image: Image) -> [String: Any] {
        guard let m = image.metadata else { return [:] }
        var out: [String: Any] = [:]
        for (k, v) in m.properties {
            let key = ["Exif", "TIFF", "GPS", "IPTC"].contains(k) ? "{\(k)}" : k
            out[key] = any(v)
        }
        out[kCGImagePropertyOrientation] = NSNumber(value: m.orientation)
        // Apple's dictionaries always carry the stored size (PNG loads do not record it).
        let e = image.extent, turned = m.orientationApplied && m.orientation >= 5
        if out[kCGImagePropertyPixelWidth] == nil, !e.isInfinite, !e.isEmpty {
            out[kCGImagePropertyPixelWidth] = NSNumber(value: Int(turned ? e.height : e.width))
            out[kCGImagePropertyPixelHeight] = NSNumber(value: Int(turned ? e.width : e.height))
        }
        return out
    }

    static func any(_ v: PropertyValue) -> Any {
        switch v {
        case .number(let d): return d == d.rounded() && abs(d) < 1e15 ? NSNumber(value: Int(d)) : NSNumber(value: d)
        case .string(let s): return s
        case .list(let l): return l.map(any)
        case .dictionary(let d): return d.mapValues(any)
        }
    }
}
