import Foundation

/// A two-input compositing operator on premultiplied pixels: `s` is the source
/// (foreground, input 0) and `b` the backdrop (background, input 1).
///
/// Conforming types are stateless; the per-tile loop `run` has a default
/// implementation that the compiler specialises for each concrete operator, so one
/// generic kernel (`CompositeKernel`) serves every composite without a per-pixel
/// dynamic call.
public protocol CompositeOperator: Sendable {
    /// The composited pixel (premultiplied in, premultiplied out).
    static func combine(_ s: Pixel, _ b: Pixel) -> Pixel
    /// When the result is opaque, given which inputs are.
    static var opacity: CompositeOpacity { get }
    /// Composites `count` pixels: `dst` holds the source and receives the result.
    static func run(_ dst: UnsafeMutablePointer<Pixel>, _ b: UnsafeMutablePointer<Pixel>, _ count: Int)
}

extension CompositeOperator {
    @inlinable public static func run(
        _ dst: UnsafeMutablePointer<Pixel>, _ b: UnsafeMutablePointer<Pixel>,
        _ count: Int
    ) {
        for i in 0..<count { dst[i] = combine(dst[i], b[i]) }
    }
}

/// Which opaque inputs make a composite's result opaque over its whole extent.
public enum CompositeOpacity: Sendable {
    /// Opaque when either input is opaque over the result's extent (over, blend modes, addition, maximum).
    case eitherInput
    /// Opaque when both inputs are (in, minimum, multiply).
    case bothInputs
    /// Opaque when the background is (atop: result alpha = background alpha).
    case background
    /// Never known to be opaque (out).
    case never
}

/// The one point kernel for every two-input composite: `Op` says what to do per pixel.
/// Lua: `fg | CIMultiplyBlendMode{backgroundImage = bg}`
public struct CompositeKernel<Op: CompositeOperator>: PointKernel {
    public init() {}
    public var preservesAlpha: Bool { false }
    @inlinable public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        Op.run(dst, others[0], count)
    }

    /// True when the composite of `inputs` is opaque everywhere inside `extent`.
    public func isOpaque(_ inputs: [Image], extent: Rect) -> Bool {
        func covers(_ i: Int) -> Bool { inputs[i].isOpaque && inputs[i].extent.contains(extent) }
        switch Op.opacity {
        case .eitherInput: return covers(0) || covers(1)
        case .bothInputs: return covers(0) && covers(1)
        case .background: return covers(1)
        case .never: return false
        }
    }
}

/// A kernel that can tell whether its output is opaque (consulted by `PointNode.isOpaque`).
public protocol OpacityAwareKernel {
    func isOpaque(_ inputs: [Image], extent: Rect) -> Bool
}

extension CompositeKernel: OpacityAwareKernel {}

/// A PDF (ISO 32000-1 §11.3.5) blend function B(cb, cs) on straight (unpremultiplied)
/// colour, composited with the PDF's basic formula. In premultiplied terms, with
/// s = αs·cs and b = αb·cb:
///
///     result.rgb = (1 − αb)·s.rgb + (1 − αs)·b.rgb + αs·αb·B(cb, cs)
///     result.α   = αs + αb − αs·αb
///
/// so where only one input has coverage the result is that input, and where both are
/// opaque it is B itself.
public protocol BlendMode: CompositeOperator {
    /// B(cb, cs) for straight colours (`cs` source, `cb` backdrop).
    static func blend(_ cs: SIMD3<Float>, _ cb: SIMD3<Float>) -> SIMD3<Float>
}

extension BlendMode {
    public static var opacity: CompositeOpacity { .eitherInput }

    @inlinable @inline(__always) public static func combine(_ s: Pixel, _ b: Pixel) -> Pixel {
        let αs = s.w, αb = b.w
        let srgb = SIMD3(s.x, s.y, s.z), brgb = SIMD3(b.x, b.y, b.z)
        var rgb = (1 - αb) * srgb + (1 - αs) * brgb
        let both = αs * αb
        if both > 0 {
            let cs = srgb / αs, cb = brgb / αb
            rgb += both * blend(cs, cb)
        }
        return Pixel(rgb.x, rgb.y, rgb.z, αs + αb - both)
    }
}

/// The helper functions of the PDF's non-separable blend modes (ISO 32000-1 §11.3.5.3).
public enum NonSeparable {
    /// Lum(C) = 0.3·R + 0.59·G + 0.11·B.
    @inlinable @inline(__always) public static func lum(_ c: SIMD3<Float>) -> Float {
        0.3 * c.x + 0.59 * c.y + 0.11 * c.z
    }

    /// Sat(C) = max(C) − min(C).
    @inlinable @inline(__always) public static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// ClipColor(C): pulls an out-of-gamut colour towards its luminosity until it fits 0…1.
    @inlinable @inline(__always) public static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var r = c
        if n < 0, l - n > 0 { r = l + (r - l) * (l / (l - n)) }
        if x > 1, x - l > 0 { r = l + (r - l) * ((1 - l) / (x - l)) }
        return r
    }

    /// SetLum(C, l): shifts C to luminosity l, then clips.
    @inlinable @inline(__always) public static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        clipColor(c + (l - lum(c)))
    }

    /// SetSat(C, s): the largest component becomes s, the smallest 0, the middle one scaled
    /// proportionally (all 0 when C is gray). Written without sorting: (C − min)·s/(max − min).
    @inlinable @inline(__always) public static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let n = c.min(), range = c.max() - n
        return range > 0 ? (c - n) * (s / range) : .zero
    }
}
