import Foundation
import PixelCore

/// A value held by a filter input: what Core Image keeps in an NSNumber, CIVector,
/// CIColor, CIImage, NSString, NSValue (transform) or NSData.
public enum FilterValue: @unchecked Sendable {
    case number(Double)
    case vector(Vector)
    case color(Color)
    case image(Image)
    case string(String)
    case transform(Transform)
    case data([UInt8])

    /// A short name of the value's kind, for error messages.
    public var typeName: String {
        switch self {
        case .number: return "number"
        case .vector(let v): return "Vector of \(v.count)"
        case .color: return "Color"
        case .image: return "Image"
        case .string: return "string"
        case .transform: return "Transform"
        case .data: return "data"
        }
    }
}

extension FilterValue: CustomStringConvertible {
    /// Lua source that rebuilds the value.
    public var description: String {
        switch self {
        case .number(let d): return fmt(d)
        case .vector(let v):
            if v.count == 4, Rect.infinite == v.rect { return "Rect.infinite" }
            return "Vector(" + v.components.map(fmt).joined(separator: ", ") + ")"
        case .color(let c): return "Color(\(fmt(c.r)), \(fmt(c.g)), \(fmt(c.b)), \(fmt(c.a)))"
        case .image(let i): return i.description
        case .string(let s): return "\"\(s)\""
        case .transform(let t): return "Transform(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(fmt).joined(separator: ", ")))"
        case .data(let d): return "<\(d.count) bytes>"
        }
    }
}

extension FilterValue: Equatable {
    public static func == (l: FilterValue, r: FilterValue) -> Bool {
        switch (l, r) {
        case let (.number(a), .number(b)): return a == b
        case let (.vector(a), .vector(b)): return a == b
        case let (.color(a), .color(b)): return a == b
        case let (.image(a), .image(b)): return a === b
        case let (.string(a), .string(b)): return a == b
        case let (.transform(a), .transform(b)): return a == b
        case let (.data(a), .data(b)): return a == b
        default: return false
        }
    }
}
