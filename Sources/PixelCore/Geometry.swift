import Foundation

/// A position in Core Image coordinates (origin bottom-left, y up). Lua: `Point(10, 20)`
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// An n-component vector (CIVector). Lua: `Vector(1, 0, 0, 0)`
public struct Vector: Equatable, Hashable, Sendable {
    public var components: [Double]
    public init(_ components: [Double]) { self.components = components }
    public init(_ values: Double...) { self.components = values }
    public var count: Int { components.count }
    public subscript(i: Int) -> Double { i < components.count ? components[i] : 0 }
    /// The vector as a rect `[x, y, width, height]`.
    public var rect: Rect { Rect(self[0], self[1], self[2], self[3]) }
}

/// An axis-aligned rectangle, possibly infinite (Core Image's CGRectInfinite). Lua: `Rect(0, 0, 640, 480)`
public struct Rect: Equatable, Hashable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Core Image's infinite rectangle: origin −8.98847e307, size 1.79769e308.
    public static let infinite = Rect(
        -8.98846567431158e307, -8.98846567431158e307,
        .greatestFiniteMagnitude, .greatestFiniteMagnitude)
    public static let null = Rect(.infinity, .infinity, 0, 0)

    public var isInfinite: Bool { width >= 1e300 || height >= 1e300 }
    public var isEmpty: Bool { !(width > 0 && height > 0) || x.isInfinite && !isInfinite }
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { isInfinite ? .infinity : x + width }
    public var maxY: Double { isInfinite ? .infinity : y + height }

    public func contains(_ p: Point) -> Bool {
        isInfinite || (p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY)
    }

    public func contains(_ r: Rect) -> Bool {
        if r.isEmpty { return true }
        if isInfinite { return true }
        return !r.isInfinite && r.minX >= minX && r.maxX <= maxX && r.minY >= minY && r.maxY <= maxY
    }

    public func intersection(_ o: Rect) -> Rect {
        if isEmpty || o.isEmpty { return .null }
        if isInfinite { return o }
        if o.isInfinite { return self }
        let x0 = max(minX, o.minX), y0 = max(minY, o.minY)
        let x1 = min(maxX, o.maxX), y1 = min(maxY, o.maxY)
        return x1 > x0 && y1 > y0 ? Rect(x0, y0, x1 - x0, y1 - y0) : .null
    }

    public func union(_ o: Rect) -> Rect {
        if isEmpty { return o }
        if o.isEmpty { return self }
        if isInfinite || o.isInfinite { return .infinite }
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x0, y0, max(maxX, o.maxX) - x0, max(maxY, o.maxY) - y0)
    }

    /// Grows (positive) or shrinks (negative) every side; infinite rects stay infinite.
    public func insetBy(_ dx: Double, _ dy: Double) -> Rect {
        if isInfinite || isEmpty { return self }
        let r = Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy)
        return r.width > 0 && r.height > 0 ? r : .null
    }

    /// The smallest rect with integer edges that contains this one.
    public var integral: Rect {
        if isInfinite || isEmpty { return self }
        let x0 = (minX + 1e-9).rounded(.down), y0 = (minY + 1e-9).rounded(.down)
        return Rect(x0, y0, (maxX - 1e-9).rounded(.up) - x0, (maxY - 1e-9).rounded(.up) - y0)
    }
}

extension Rect: CustomStringConvertible {
    public var description: String {
        isInfinite ? "Rect.infinite" : "Rect(\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height)))"
    }
}

/// Formats a number the way Lua prints it: integers without a fraction.
public func fmt(_ v: Double) -> String {
    if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}

/// A 2D affine transform `[a b c d tx ty]` mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty). Lua: `Transform.rotate(math.pi/6)`
public struct Transform: Equatable, Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Transform(1, 0, 0, 1, 0, 0)
    public static func translation(_ x: Double, _ y: Double) -> Transform { .init(1, 0, 0, 1, x, y) }
    public static func scale(_ sx: Double, _ sy: Double) -> Transform { .init(sx, 0, 0, sy, 0, 0) }
    public static func rotation(_ angle: Double) -> Transform {
        .init(cos(angle), sin(angle), -sin(angle), cos(angle), 0, 0)
    }

    public var isIdentity: Bool { self == .identity }
    public var determinant: Double { a * d - b * c }

    /// `self` applied first, then `t`.
    public func concatenating(_ t: Transform) -> Transform {
        Transform(
            a * t.a + b * t.c, a * t.b + b * t.d,
            c * t.a + d * t.c, c * t.b + d * t.d,
            tx * t.a + ty * t.c + t.tx, tx * t.b + ty * t.d + t.ty)
    }

    public func inverted() -> Transform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return Transform(
            d / det, -b / det, -c / det, a / det,
            (c * ty - d * tx) / det, (b * tx - a * ty) / det)
    }

    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }

    /// The bounding box of a transformed rect (infinite stays infinite).
    public func apply(_ r: Rect) -> Rect {
        if r.isInfinite || r.isEmpty { return r }
        let pts = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)].map(apply)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x0, y0, xs.max()! - x0, ys.max()! - y0)
    }
}

/// An RGBA colour with straight (unpremultiplied) components. Lua: `Color(1, 0.5, 0, 1)`
public struct Color: Equatable, Hashable, Sendable {
    public var r, g, b, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        self.r = r; self.g = g; self.b = b; self.a = a
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        if s.count == 3 { s = Substring(s.map { "\($0)\($0)" }.joined()) }
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        let full = s.count == 6 ? (v << 8) | 0xff : v
        self.init(
            Double((full >> 24) & 0xff) / 255, Double((full >> 16) & 0xff) / 255,
            Double((full >> 8) & 0xff) / 255, Double(full & 0xff) / 255)
    }
}
