import Foundation
import PixelCore

/// Core Graphics' affine transform, which Foundation on Linux lacks: `(x, y)` maps to
/// `(a·x + c·y + tx, b·x + d·y + ty)`, as on Apple's platforms.
///
/// ```swift
/// let t = CGAffineTransform(scaleX: 0.5, y: 0.5).rotated(by: .pi / 2)
/// let moved = image.transformed(by: t)
/// ```
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }
    public init() { self.init(1, 0, 0, 1, 0, 0) }

    public static let identity = CGAffineTransform()
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(1, 0, 0, 1, tx, ty) }
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(sx, 0, 0, sy, 0, 0) }
    public init(rotationAngle angle: CGFloat) {
        self.init(cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0)
    }

    public var isIdentity: Bool { self == .identity }

    /// `self` then `t` (Apple's `concatenating`).
    public func concatenating(_ t: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a * t.a + b * t.c, a * t.b + b * t.d, c * t.a + d * t.c, c * t.b + d * t.d,
            tx * t.a + ty * t.c + t.tx, tx * t.b + ty * t.d + t.ty)
    }
    /// A translation applied before `self`.
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
    /// The inverse, or `self` when it is not invertible (as Core Graphics does).
    public func inverted() -> CGAffineTransform {
        guard let i = lunette.inverted() else { return self }
        return CGAffineTransform(transform: i)
    }

    init(transform t: Transform) { self.init(t.a, t.b, t.c, t.d, t.tx, t.ty) }
    var lunette: Transform { Transform(Double(a), Double(b), Double(c), Double(d), Double(tx), Double(ty)) }
}

extension CGPoint {
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the transformed rect (null and infinite rects unchanged).
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull || isInfinite { return self }
        return CGRect(lunette: t.lunette.apply(lunette))
    }

    /// Core Image's infinite rect, as Lunette spells it.
    init(lunette r: Rect) {
        if r.isInfinite {
            self = .infinite
        } else if r.isEmpty {
            self = .null
        } else {
            self.init(x: r.x, y: r.y, width: r.width, height: r.height)
        }
    }
    var lunette: Rect {
        if isInfinite { return .infinite }
        if isNull { return .null }
        return Rect(Double(origin.x), Double(origin.y), Double(size.width), Double(size.height))
    }
}

extension NSValue {
    /// A transform as a filter value (`inputTransform`), as Core Image code passes it.
    /// Stored as six doubles (`[6d]`), since Foundation on Linux cannot encode structs.
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        var v: [Double] = [t.a, t.b, t.c, t.d, t.tx, t.ty].map(Double.init)
        self.init(bytes: &v, objCType: "[6d]")
    }

    /// The transform an `NSValue(cgAffineTransform:)` holds (identity for other values).
    public var cgAffineTransformValue: CGAffineTransform {
        guard String(cString: objCType) == "[6d]" else { return .identity }
        var v = [Double](repeating: 0, count: 6)
        getValue(&v)
        return CGAffineTransform(v[0], v[1], v[2], v[3], v[4], v[5])
    }
}
