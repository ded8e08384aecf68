import Foundation
import PixelCore

/// The model shared by the CIPhotoEffect* presets (Apple publishes no formula for them).
///
/// A look is, per pixel on straight (unpremultiplied) linear-light colour:
/// 1. a 3×3 colour matrix in linear light (saturation change, channel mix; for the
///    monochrome looks every row is the same weighting, so r = g = b afterwards);
/// 2. one tone curve per channel, defined by control points on sRGB-encoded values
///    (how photo curves are usually drawn) and interpolated by a monotone cubic
///    (Fritsch–Carlson), so it never overshoots or reverses; each curve is baked into a
///    1024-entry table from linear input (indexed by √x, dense in the shadows) to linear output.
///
/// `inputExtrapolate` (a Boolean without a catalogue default, read as false when unset):
/// false clamps the matrix output to 0…1 before the curves, as a colour-cube look would;
/// true continues each curve beyond 0…1 along its end slope, so extended-range colour
/// stays extended. Alpha is untouched. Lua: `img | CIPhotoEffectChrome{}`
public final class PhotoEffectLook: @unchecked Sendable {
    public static let tableSize = 1024
    /// Rows of the linear-light colour matrix.
    public let rows: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)
    /// Red, green and blue curve control points (x, y) on sRGB-encoded values.
    public let curves: [[(Double, Double)]]
    /// Per channel: table, value and slope at 0, value and slope at 1 (linear domain).
    let tables: UnsafeMutablePointer<Float>
    let low: SIMD3<Float>, lowSlope: SIMD3<Float>, high: SIMD3<Float>, highSlope: SIMD3<Float>

    /// Rec. 709 luma of linear sRGB primaries.
    public static let luma = SIMD3<Float>(0.2126, 0.7152, 0.0722)

    /// The matrix that scales colour away from (s > 1) or towards (s < 1) its luma.
    public static func saturation(_ s: Float) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
        func row(_ i: Int) -> SIMD3<Float> {
            var r = luma * (1 - s)
            r[i] += s
            return r
        }
        return (row(0), row(1), row(2))
    }

    /// A monochrome matrix: every channel becomes the same weighted sum.
    public static func monochrome(_ weights: SIMD3<Float> = luma) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
        (weights, weights, weights)
    }

    /// A look from a matrix and red, green and blue curves (control points on encoded values, x increasing).
    public init(
        matrix: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>),
        red: [(Double, Double)], green: [(Double, Double)], blue: [(Double, Double)]
    ) {
        rows = matrix
        curves = [red, green, blue]
        let n = Self.tableSize
        tables = .allocate(capacity: 3 * n)
        var lo = SIMD3<Float>(), loS = SIMD3<Float>(), hi = SIMD3<Float>(), hiS = SIMD3<Float>()
        for (c, points) in [red, green, blue].enumerated() {
            let curve = PhotoEffectCurve(points)
            func linear(_ x: Double) -> Double {
                Transfer.srgbToLinear(min(max(curve(Transfer.linearToSRGB(min(max(x, 0), 1))), 0), 1))
            }
            for k in 0..<n {
                let t = Double(k) / Double(n - 1)
                tables[c * n + k] = Float(linear(t * t))
            }
            let h = 1e-3
            lo[c] = Float(linear(0)); loS[c] = Float((linear(h) - linear(0)) / h)
            hi[c] = Float(linear(1)); hiS[c] = Float((linear(1) - linear(1 - h)) / h)
        }
        low = lo; lowSlope = loS; high = hi; highSlope = hiS
    }

    /// A look that scales saturation by `saturation`, then bends each channel through three
    /// points: its encoded value at black, mid grey (0.5) and white, as (red, green, blue).
    /// Swift: `PhotoEffectLook(saturation: 0.6, black: (0.13, 0.12, 0.12), mid: (0.53, 0.52, 0.5), white: (0.95, 0.94, 0.9))`
    public convenience init(
        saturation: Float, black: (Double, Double, Double), mid: (Double, Double, Double), white: (Double, Double, Double)
    ) {
        self.init(
            matrix: Self.saturation(saturation),
            red: [(0, black.0), (0.5, mid.0), (1, white.0)],
            green: [(0, black.1), (0.5, mid.1), (1, white.1)],
            blue: [(0, black.2), (0.5, mid.2), (1, white.2)])
    }

    /// A black-and-white look: the monochrome matrix of `weights` and `curve` on every channel.
    public convenience init(monochrome curve: [(Double, Double)], weights: SIMD3<Float> = luma) {
        self.init(matrix: Self.monochrome(weights), red: curve, green: curve, blue: curve)
    }

    deinit { tables.deallocate() }

    /// The look applied to one premultiplied pixel.
    @inline(__always) public func apply(_ p: Pixel, extrapolate: Bool) -> Pixel {
        guard p.w > 0 else { return p }
        let a = p.w
        let c = SIMD3(p.x, p.y, p.z) / a
        var m = SIMD3((rows.0 * c).sum(), (rows.1 * c).sum(), (rows.2 * c).sum())
        if !extrapolate { m = m.clamped(lowerBound: .zero, upperBound: SIMD3(repeating: 1)) }
        let n = Self.tableSize
        var out = SIMD3<Float>()
        for ch in 0..<3 {
            let x = m[ch]
            if x <= 0 {
                out[ch] = low[ch] + x * lowSlope[ch]
            } else if x >= 1 {
                out[ch] = high[ch] + (x - 1) * highSlope[ch]
            } else {
                let t = x.squareRoot() * Float(n - 1)
                let i = min(Int(t), n - 2)
                let f = t - Float(i)
                let row = tables + ch * n + i
                out[ch] = row[0] + (row[1] - row[0]) * f
            }
        }
        return Pixel(out.x * a, out.y * a, out.z * a, a)
    }
}

/// The point kernel of a photo-effect look.
struct PhotoEffectKernel: PointKernel {
    let look: PhotoEffectLook
    let extrapolate: Bool
    var preservesAlpha: Bool { true }
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        for i in 0..<count { dst[i] = look.apply(dst[i], extrapolate: extrapolate) }
    }
}

/// A monotone cubic (Fritsch–Carlson) through control points with increasing x; flat beyond the ends.
struct PhotoEffectCurve {
    let xs: [Double], ys: [Double], ms: [Double]

    init(_ points: [(Double, Double)]) {
        xs = points.map(\.0); ys = points.map(\.1)
        let n = points.count
        guard n > 1 else { ms = [0]; return }
        var d = [Double](repeating: 0, count: n - 1)
        for k in 0..<(n - 1) {
            let dy: Double = ys[k + 1] - ys[k], dx: Double = xs[k + 1] - xs[k]
            d[k] = dy / dx
        }
        var m = [Double](repeating: 0, count: n)
        m[0] = d[0]; m[n - 1] = d[n - 2]
        for k in stride(from: 1, to: n - 1, by: 1) where d[k - 1] * d[k] > 0 { m[k] = (d[k - 1] + d[k]) / 2 }
        for k in 0..<(n - 1) {
            if d[k] == 0 { m[k] = 0; m[k + 1] = 0; continue }
            let a: Double = m[k] / d[k], b: Double = m[k + 1] / d[k]
            let r: Double = a * a + b * b
            if r > 9 {
                let t: Double = 3 / r.squareRoot()
                m[k] = t * a * d[k]; m[k + 1] = t * b * d[k]
            }
        }
        ms = m
    }

    func callAsFunction(_ x: Double) -> Double {
        guard let first = xs.first, let last = xs.last, xs.count > 1 else { return ys.first ?? x }
        if x <= first { return ys[0] }
        if x >= last { return ys[ys.count - 1] }
        var k = 0
        while x > xs[k + 1] { k += 1 }
        let h = xs[k + 1] - xs[k], t = (x - xs[k]) / h
        let t2: Double = t * t, t3: Double = t2 * t
        let h00: Double = 2 * t3 - 3 * t2 + 1, h10: Double = t3 - 2 * t2 + t
        let h01: Double = 3 * t2 - 2 * t3, h11: Double = t3 - t2
        return h00 * ys[k] + h10 * h * ms[k] + h01 * ys[k + 1] + h11 * h * ms[k + 1]
    }
}

/// Shared descriptor shape of the eight presets.
enum PhotoEffect {
    static let usage: [Usage] = [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn, .xmpSerializable]

    /// A colour preset: its description is "Preset film look (Apple 'Fade'): " and `film`.
    static func descriptor(
        _ name: String, look: @escaping @autoclosure @Sendable () -> PhotoEffectLook, film: String
    ) -> FilterDescriptor {
        descriptor(name, "Preset film look (Apple '\(name.dropFirst("CIPhotoEffect".count))'): \(film)", look: look())
    }

    /// The preset `name`; its display name follows from it ("CIPhotoEffectFade" is "Photo Effect Fade").
    static func descriptor(
        _ name: String, _ description: String, look: @escaping @autoclosure @Sendable () -> PhotoEffectLook
    ) -> FilterDescriptor {
        // The look (its curve tables) is built on first use, not when the catalogue loads.
        FilterDescriptor(
            .colorEffect, name, InputSpec.displayName(forKey: String(name.dropFirst(2))), usage: usage, description,
            inputs: [
                .image(),
                .boolean(
                    "inputExtrapolate", "When true, colours outside 0…1 continue the look's curves instead of being clamped."),
            ]
        ) { f in
            let image = try f.image()
            let extrapolate = f.number("inputExtrapolate") != 0
            return Image(PointNode([image], PhotoEffectKernel(look: look(), extrapolate: extrapolate)))
        }
    }
}
