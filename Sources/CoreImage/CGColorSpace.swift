import Codecs
import Foundation

/// A colour space by name, as Core Graphics names them. Lunette converts between its
/// working space and these with Little CMS (RGB spaces) or luminance (gray spaces).
///
/// ```swift
/// let p3 = CGColorSpace(name: CGColorSpace.displayP3)!
/// let data = context.pngRepresentation(of: image, format: .RGBA8, colorSpace: p3)
/// ```
public final class CGColorSpace: @unchecked Sendable, Hashable, CustomStringConvertible {
    public let name: String?
    public enum Model: Int32, Sendable { case unknown = -1, monochrome = 0, rgb = 1 }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let extendedSRGB = "kCGColorSpaceExtendedSRGB"
    public static let linearSRGB = "kCGColorSpaceLinearSRGB"
    public static let extendedLinearSRGB = "kCGColorSpaceExtendedLinearSRGB"
    public static let displayP3 = "kCGColorSpaceDisplayP3"
    public static let extendedDisplayP3 = "kCGColorSpaceExtendedDisplayP3"
    public static let adobeRGB1998 = "kCGColorSpaceAdobeRGB1998"
    public static let itur_2020 = "kCGColorSpaceITUR_2020"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    public static let extendedGray = "kCGColorSpaceExtendedGray"
    public static let extendedLinearGray = "kCGColorSpaceExtendedLinearGray"
    /// Device spaces have no profile on Linux: device RGB is sRGB, device gray is gamma 2.2 gray.
    static let deviceRGB = "kCGColorSpaceDeviceRGB"
    static let deviceGray = "kCGColorSpaceDeviceGray"

    static let known: [String: (OutputColorSpace, Model)] = [
        sRGB: (.srgb, .rgb), extendedSRGB: (.srgb, .rgb), deviceRGB: (.srgb, .rgb),
        linearSRGB: (.linearSRGB, .rgb), extendedLinearSRGB: (.linearSRGB, .rgb),
        displayP3: (.displayP3, .rgb), extendedDisplayP3: (.displayP3, .rgb),
        adobeRGB1998: (.adobeRGB, .rgb), itur_2020: (.rec2020, .rgb),
        genericGrayGamma2_2: (.srgb, .monochrome), extendedGray: (.srgb, .monochrome), deviceGray: (.srgb, .monochrome),
        linearGray: (.linearSRGB, .monochrome), extendedLinearGray: (.linearSRGB, .monochrome),
    ]

    /// The space named `name` (one of the constants above), or nil for spaces Lunette lacks.
    public init?(name: String) {
        guard Self.known[name] != nil else { return nil }
        self.name = name
    }

    /// The Lunette space pixels are encoded in (gray spaces: their transfer curve).
    var output: OutputColorSpace { Self.known[name ?? ""]?.0 ?? .srgb }
    public var model: Model { Self.known[name ?? ""]?.1 ?? .unknown }
    public var numberOfComponents: Int { model == .monochrome ? 1 : 3 }
    public var isWideGamutRGB: Bool { [.displayP3, .adobeRGB, .rec2020].contains(output) && model == .rgb }

    public static func == (l: CGColorSpace, r: CGColorSpace) -> Bool { l.name == r.name }
    public func hash(into h: inout Hasher) { h.combine(name) }
    public var description: String { "<CGColorSpace \(name ?? "?")>" }
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: CGColorSpace.deviceRGB)! }
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: CGColorSpace.deviceGray)! }

/// A colour with its space (RGB or gray components plus alpha).
public final class CGColor: @unchecked Sendable, Equatable {
    public let colorSpace: CGColorSpace?
    public let components: [CGFloat]?
    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace(name: CGColorSpace.sRGB); components = [red, green, blue, alpha]
    }
    public init(gray: CGFloat, alpha: CGFloat) {
        colorSpace = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2); components = [gray, alpha]
    }
    public init?(colorSpace: CGColorSpace, components: UnsafePointer<CGFloat>) {
        self.colorSpace = colorSpace
        self.components = Array(UnsafeBufferPointer(start: components, count: colorSpace.numberOfComponents + 1))
    }
    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (l: CGColor, r: CGColor) -> Bool { l.colorSpace == r.colorSpace && l.components == r.components }

    /// RGBA components in the colour's own space.
    var rgba: [Double] {
        let c = (components ?? [0, 0]).map(Double.init)
        return c.count == 2 ? [c[0], c[0], c[0], c[1]] : c
    }
}
