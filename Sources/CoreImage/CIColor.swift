import Foundation
import PixelCore

/// Core Image's colour: straight (unpremultiplied) RGBA components in sRGB unless made
/// with another colour space. Equal when components and space are.
///
/// ```swift
/// let solid = CIImage(color: CIColor(red: 1, green: 0.5, blue: 0))
/// ```
public final class CIColor: NSObject, NSCopying, @unchecked Sendable {
    public let red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    public let colorSpace: CGColorSpace

    public init?(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1, colorSpace: CGColorSpace) {
        guard colorSpace.model == .rgb else { return nil }
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha; self.colorSpace = colorSpace
    }
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        colorSpace = CGColorSpace(name: CGColorSpace.sRGB)!
    }
    public convenience init(cgColor c: CGColor) {
        let v = c.rgba
        self.init(red: v[0], green: v[1], blue: v[2], alpha: v[3])
    }
    /// Parses Core Image's string form, `"0.5 0.2 1 1"` (alpha optional).
    public convenience init(string: String) {
        let v = string.split(whereSeparator: { " []\t,".contains($0) }).compactMap { Double($0) }
        func at(_ i: Int, _ d: Double) -> CGFloat { CGFloat(i < v.count ? v[i] : d) }
        self.init(red: at(0, 0), green: at(1, 0), blue: at(2, 0), alpha: at(3, 1))
    }

    public static let black = CIColor(red: 0, green: 0, blue: 0)
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    public static let cyan = CIColor(red: 0, green: 1, blue: 1)
    public static let magenta = CIColor(red: 1, green: 0, blue: 1)
    public static let yellow = CIColor(red: 1, green: 1, blue: 0)
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    public var numberOfComponents: Int { 4 }
    public var components: [CGFloat] { [red, green, blue, alpha] }
    public var stringRepresentation: String { components.map { fmt(Double($0)) }.joined(separator: " ") }

    /// The colour as Lunette's sRGB colour (other spaces converted through the working space).
    var lunette: Color {
        let c = Color(Double(red), Double(green), Double(blue), Double(alpha))
        guard colorSpace.output != .srgb else { return c }
        let buffer = PixelBuffer(IRect(0, 0, 1, 1))
        buffer[0, 0] = Pixel(Float(c.r), Float(c.g), Float(c.b), 1)
        colorSpace.output.decodeToWorking(buffer)
        var p = buffer[0, 0]
        p *= Float(c.a); p.w = Float(c.a)
        return Transfer.color(p)
    }
    convenience init(_ c: Color) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }

    public func copy(with zone: NSZone? = nil) -> Any { self }
    public override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CIColor else { return false }
        return o.components == components && o.colorSpace == colorSpace
    }
    public override var hash: Int { components.hashValue }
    public override var description: String { "CIColor(\(stringRepresentation))" }
    public static func == (l: CIColor, r: CIColor) -> Bool { l.isEqual(r) }
}
