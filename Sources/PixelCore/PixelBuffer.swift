import Foundation

/// One working-space pixel: linear-light, premultiplied RGBA.
public typealias Pixel = SIMD4<Float>

/// An integer pixel rectangle in Core Image coordinates.
public struct IRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    /// The pixels whose cells a rect covers; coordinates saturate at ±2^30 (no image that
    /// large can be rendered, and width × height of the result always fits an Int).
    public init(covering r: Rect) {
        let i = r.integral
        @inline(__always) func clamp(_ v: Double) -> Int { v.isNaN ? 0 : Int(min(max(v, -IRect.bound), IRect.bound)) }
        let x0 = clamp(i.minX), y0 = clamp(i.minY)
        self.init(x0, y0, clamp(i.minX + i.width) - x0, clamp(i.minY + i.height) - y0)
    }
    static let bound = Double(1 << 30)
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var count: Int { width * height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var rect: Rect { Rect(Double(x), Double(y), Double(width), Double(height)) }
    public func intersection(_ o: IRect) -> IRect {
        let x0 = max(x, o.x), y0 = max(y, o.y)
        return IRect(x0, y0, min(maxX, o.maxX) - x0, min(maxY, o.maxY) - y0)
    }
    public func grown(_ dx: Int, _ dy: Int) -> IRect { IRect(x - dx, y - dy, width + 2 * dx, height + 2 * dy) }
    public var description: String { "IRect(\(x), \(y), \(width), \(height))" }

    /// Clips a possibly infinite rect to integers, bounded by `bound`.
    public static func clipping(_ r: Rect, to bound: IRect) -> IRect {
        if r.isEmpty { return IRect(bound.x, bound.y, 0, 0) }
        if r.isInfinite { return bound }
        let lo = Double(Int32.min), hi = Double(Int32.max)
        let c = Rect(max(r.minX, lo), max(r.minY, lo), 0, 0)
        let x1 = min(r.maxX, hi), y1 = min(r.maxY, hi)
        return IRect(covering: Rect(c.x, c.y, x1 - c.x, y1 - c.y)).intersection(bound)
    }
}

/// A block of working-space pixels covering `rect`; row 0 is the bottom row (lowest y).
/// Rows are `stride` pixels apart: `width` for buffers that own their memory, more for a
/// view of a tile inside a larger image (`isContiguous` is false then).
public final class PixelBuffer: @unchecked Sendable {
    public let rect: IRect
    public let pixels: UnsafeMutablePointer<Pixel>
    public let stride: Int

    /// A zero-filled (transparent black) buffer.
    public init(_ rect: IRect) {
        self.rect = rect
        stride = rect.width
        (pixels, mapping) = LargeAllocation.pixels(max(1, rect.count))
        pixels.initialize(repeating: .zero, count: max(1, rect.count))
    }

    /// A buffer whose pixels the caller overwrites completely before anyone reads them.
    /// Lua: `Image.load("photo.png")` decodes into one.
    public init(uninitialized rect: IRect) {
        self.rect = rect
        stride = rect.width
        (pixels, mapping) = LargeAllocation.pixels(max(1, rect.count))
    }

    /// A view of rows of another buffer's memory, `stride` pixels apart (not freed by this
    /// one; the owner outlives it).
    init(borrowing pixels: UnsafeMutablePointer<Pixel>, rect: IRect, stride: Int? = nil) {
        self.rect = rect
        self.pixels = pixels
        self.stride = stride ?? rect.width
        owned = false
    }

    /// True when row y + 1 follows row y directly, so the pixels can be walked as one run.
    public var isContiguous: Bool { stride == rect.width || rect.height <= 1 }

    private var owned = true
    /// The mapping a `LargeAllocation` buffer lies in (released with free()); nil otherwise.
    private var mapping: UnsafeMutableRawPointer?

    deinit {
        guard owned else { return }
        if let mapping { LargeAllocation.release(mapping, count: max(1, rect.count)) } else { pixels.deallocate() }
    }

    public var width: Int { rect.width }
    public var height: Int { rect.height }
    public var byteCount: Int { rect.count * MemoryLayout<Pixel>.stride }

    @inline(__always) public func row(_ y: Int) -> UnsafeMutablePointer<Pixel> { pixels + y * stride }

    /// The pixel at absolute coordinates (zero outside the buffer).
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let lx = x - rect.x, ly = y - rect.y
            guard lx >= 0, ly >= 0, lx < rect.width, ly < rect.height else { return .zero }
            return pixels[ly * stride + lx]
        }
        set {
            let lx = x - rect.x, ly = y - rect.y
            guard lx >= 0, ly >= 0, lx < rect.width, ly < rect.height else { return }
            pixels[ly * stride + lx] = newValue
        }
    }

    /// Copies the overlapping region of `src` into this buffer.
    public func copy(from src: PixelBuffer) {
        let r = rect.intersection(src.rect)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let d = row(y - rect.y) + (r.x - rect.x)
            let s = src.row(y - src.rect.y) + (r.x - src.rect.x)
            d.update(from: s, count: r.width)
        }
    }

    /// Sets every pixel to transparent black.
    public func clearAll() {
        if isContiguous { pixels.update(repeating: .zero, count: rect.count); return }
        for ly in 0..<rect.height { row(ly).update(repeating: .zero, count: rect.width) }
    }

    /// Sets every pixel outside `keep` to transparent black.
    public func clear(outside keep: IRect) {
        let k = rect.intersection(keep)
        if k == rect { return }
        for ly in 0..<rect.height {
            let y = rect.y + ly
            let r = row(ly)
            if k.isEmpty || y < k.y || y >= k.maxY {
                r.update(repeating: .zero, count: rect.width)
            } else {
                if k.x > rect.x { r.update(repeating: .zero, count: k.x - rect.x) }
                if k.maxX < rect.maxX { (r + (k.maxX - rect.x)).update(repeating: .zero, count: rect.maxX - k.maxX) }
            }
        }
    }
}
