import Foundation
import PixelCore

/// Core Image's vector: a position, an offset, a rectangle (`x, y, width, height`) or any
/// list of numbers a filter takes. Equal when their values are.
///
/// ```swift
/// filter.setValue(CIVector(x: 150, y: 150), forKey: kCIInputCenterKey)
/// ```
public final class CIVector: NSObject, NSCopying, @unchecked Sendable {
    let values: [CGFloat]

    public init(values: UnsafePointer<CGFloat>, count: Int) {
        self.values = Array(UnsafeBufferPointer(start: values, count: count))
    }
    public init(x: CGFloat) { values = [x] }
    public init(x: CGFloat, y: CGFloat) { values = [x, y] }
    public init(x: CGFloat, y: CGFloat, z: CGFloat) { values = [x, y, z] }
    public init(x: CGFloat, y: CGFloat, z: CGFloat, w: CGFloat) { values = [x, y, z, w] }
    public convenience init(cgPoint p: CGPoint) { self.init(x: p.x, y: p.y) }
    public convenience init(cgRect r: CGRect) { self.init(x: r.origin.x, y: r.origin.y, z: r.width, w: r.height) }
    public convenience init(cgAffineTransform t: CGAffineTransform) {
        self.init(values: [t.a, t.b, t.c, t.d, t.tx, t.ty], count: 6)
    }
    /// Parses Core Image's string form, `"[1 0 0 0]"`.
    public convenience init(string: String) {
        let nums = string.split(whereSeparator: { " [],\t".contains($0) }).compactMap { Double($0) }.map { CGFloat($0) }
        self.init(values: nums, count: nums.count)
    }
    init(_ v: Vector) { values = v.components.map { CGFloat($0) } }

    public var count: Int { values.count }
    public func value(at index: Int) -> CGFloat { index < values.count ? values[index] : 0 }
    public var x: CGFloat { value(at: 0) }
    public var y: CGFloat { value(at: 1) }
    public var z: CGFloat { value(at: 2) }
    public var w: CGFloat { value(at: 3) }
    public var cgPointValue: CGPoint { CGPoint(x: x, y: y) }
    public var cgRectValue: CGRect { CGRect(x: x, y: y, width: z, height: w) }
    public var cgAffineTransformValue: CGAffineTransform {
        CGAffineTransform(value(at: 0), value(at: 1), value(at: 2), value(at: 3), value(at: 4), value(at: 5))
    }
    public var stringRepresentation: String {
        "[" + values.map { fmt(Double($0)) }.joined(separator: " ") + "]"
    }

    var lunette: Vector { Vector(values.map(Double.init)) }

    public func copy(with zone: NSZone? = nil) -> Any { self }
    public override func isEqual(_ object: Any?) -> Bool { (object as? CIVector)?.values == values }
    public override var hash: Int { values.hashValue }
    public override var description: String { stringRepresentation }
    public static func == (l: CIVector, r: CIVector) -> Bool { l.isEqual(r) }
}
