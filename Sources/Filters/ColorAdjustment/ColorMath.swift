import Foundation
import PixelCore

/// Colour helpers shared by the colour filters: the sRGB transfer curve in Float (extended
/// to negative values by odd symmetry), Rec. 709 luminance, 3×3 matrices and Bradford
/// chromatic adaptation. Lua: used by `CITemperatureAndTint`, `CIWhitePointAdjust`, …
enum ColorMath {
    /// Rec. 709 / sRGB luminance weights of linear-light primaries.
    static let luma = SIMD3<Float>(0.2126, 0.7152, 0.0722)

    /// Linear light → sRGB-encoded value (IEC 61966-2-1), odd-symmetric below zero.
    /// Inside 0…1 it interpolates a table over √v (error below 1e-7), outside it calls powf.
    @inline(__always) static func encode(_ v: Float) -> Float {
        let a = abs(v)
        let e: Float
        if a <= 0.0031308 {
            e = a * 12.92
        } else if a <= 1 {
            e = SRGBTables.lookup(SRGBTables.encode, a.squareRoot())
        } else {
            e = 1.055 * powf(a, 1 / 2.4) - 0.055
        }
        return v < 0 ? -e : e
    }

    /// sRGB-encoded value → linear light, odd-symmetric below zero (table inside 0…1, error below 1e-7).
    @inline(__always) static func decode(_ v: Float) -> Float {
        let a = abs(v)
        let l: Float
        if a <= 0.04045 {
            l = a / 12.92
        } else if a <= 1 {
            l = SRGBTables.lookup(SRGBTables.decode, a)
        } else {
            l = powf((a + 0.055) / 1.055, 2.4)
        }
        return v < 0 ? -l : l
    }

    @inline(__always) static func encode(_ c: SIMD3<Float>) -> SIMD3<Float> { SIMD3(encode(c.x), encode(c.y), encode(c.z)) }
    @inline(__always) static func decode(_ c: SIMD3<Float>) -> SIMD3<Float> { SIMD3(decode(c.x), decode(c.y), decode(c.z)) }

    /// The straight colour of a premultiplied pixel (zero where alpha is zero).
    @inline(__always) static func rgb(_ p: Pixel) -> SIMD3<Float> {
        p.w > 0 ? SIMD3(p.x, p.y, p.z) / p.w : .zero
    }

    /// A straight colour premultiplied by `alpha`.
    @inline(__always) static func pixel(_ c: SIMD3<Float>, _ alpha: Float) -> Pixel {
        Pixel(c.x * alpha, c.y * alpha, c.z * alpha, alpha)
    }

    /// A straight sRGB colour input (as Core Image prints it) in linear light, alpha kept.
    static func linear(_ c: Color) -> SIMD4<Double> {
        SIMD4(Transfer.srgbToLinear(c.r), Transfer.srgbToLinear(c.g), Transfer.srgbToLinear(c.b), c.a)
    }

    // MARK: 3×3 matrices (row-major, Double), for building kernels once per filter

    typealias Matrix = [SIMD3<Double>]

    static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        a.map { row in b[0] * row.x + b[1] * row.y + b[2] * row.z }
    }

    static func apply(_ m: Matrix, _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m[0] * v).sum(), (m[1] * v).sum(), (m[2] * v).sum())
    }

    static func inverse(_ m: Matrix) -> Matrix {
        let a = m[0], b = m[1], c = m[2]
        let r0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let r1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let r2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        let det = a.x * r0.x + a.y * r1.x + a.z * r2.x
        return [r0 / det, r1 / det, r2 / det]
    }

    static func diagonal(_ d: SIMD3<Double>) -> Matrix { [SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z)] }

    /// Linear sRGB (D65) → CIE XYZ.
    static let rgbToXYZ: Matrix = [
        SIMD3(0.4124564, 0.3575761, 0.1804375),
        SIMD3(0.2126729, 0.7151522, 0.0721750),
        SIMD3(0.0193339, 0.1191920, 0.9503041),
    ]
    static let xyzToRGB = inverse(rgbToXYZ)

    /// The Bradford cone-response matrix (Lam 1985), XYZ → "sharpened" LMS.
    static let bradford: Matrix = [
        SIMD3(0.8951, 0.2664, -0.1614),
        SIMD3(-0.7502, 1.7135, 0.0367),
        SIMD3(0.0389, -0.0685, 1.0296),
    ]

    /// The linear-sRGB matrix of a von Kries adaptation in Bradford space that maps the
    /// XYZ white `from` onto the XYZ white `to`.
    static func bradfordAdaptation(from: SIMD3<Double>, to: SIMD3<Double>) -> Matrix {
        let s = apply(bradford, from), d = apply(bradford, to)
        let cone = multiply(multiply(inverse(bradford), diagonal(d / s)), bradford)
        return multiply(multiply(xyzToRGB, cone), rgbToXYZ)
    }

    /// A point kernel that multiplies the colour by a 3×3 matrix. Linear maps commute with
    /// premultiplication, so it runs on premultiplied pixels directly; alpha is kept.
    static func matrixImage(_ image: Image, _ m: Matrix) -> Image {
        let r = SIMD4<Float>(Float(m[0].x), Float(m[0].y), Float(m[0].z), 0)
        let g = SIMD4<Float>(Float(m[1].x), Float(m[1].y), Float(m[1].z), 0)
        let b = SIMD4<Float>(Float(m[2].x), Float(m[2].y), Float(m[2].z), 0)
        return Image(PointNode([image], Matrix3Kernel(r: r, g: g, b: b)))
    }
}

/// A 3×3 colour matrix on premultiplied pixels (alpha kept), as a plain loop: lane k of
/// the result adds p.x·c0[k], p.y·c1[k], p.z·c2[k] in the order `(p * row).sum()` does
/// (the row's fourth weight is 0), so the same bits without horizontal sums. Opaque pixels
/// go through `AffineRGB` (vectorised; fused multiply-adds may change the last bit).
struct Matrix3Kernel: PointKernel {
    let r: Pixel, g: Pixel, b: Pixel
    let affine: AffineRGB
    var preservesAlpha: Bool { true }
    var opaqueStep: OpaqueStep? { .affine(affine) }

    init(r: Pixel, g: Pixel, b: Pixel) {
        self.r = r; self.g = g; self.b = b
        affine = AffineRGB(Pixel(r.x, g.x, b.x, 0), Pixel(r.y, g.y, b.y, 0), Pixel(r.z, g.z, b.z, 0))
    }

    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let c0 = Pixel(r.x, g.x, b.x, 0), c1 = Pixel(r.y, g.y, b.y, 0), c2 = Pixel(r.z, g.z, b.z, 0)
        let c3 = Pixel(r.w, g.w, b.w, 0)
        affine.apply(dst, count) { p in
            // (p * row).sum() ends with + p.w·0, which only turns −0 into +0.
            let q = c0 * p.x + c1 * p.y + c2 * p.z + Pixel(repeating: p.w) * c3
            return Pixel(q.x, q.y, q.z, p.w)
        }
    }
}

/// Tables of the power segments of the sRGB curves at 4096 even steps (the encoding indexed
/// by √v, where it is smooth), filled once in Double and read with linear interpolation;
/// the linear segments near zero are computed directly, so no cell straddles the kink.
enum SRGBTables {
    static let size = 4096
    nonisolated(unsafe) static let encode: UnsafeMutablePointer<Float> = table { u in
        1.055 * pow(u * u, 1 / 2.4) - 0.055
    }
    nonisolated(unsafe) static let decode: UnsafeMutablePointer<Float> = table { v in
        pow((v + 0.055) / 1.055, 2.4)
    }

    static func table(_ f: (Double) -> Double) -> UnsafeMutablePointer<Float> {
        let t = UnsafeMutablePointer<Float>.allocate(capacity: size + 2)
        for i in 0...(size + 1) { t[i] = Float(f(Double(i) / Double(size))) }
        return t
    }

    /// The table at `x` in 0…1, interpolated.
    @inline(__always) static func lookup(_ t: UnsafeMutablePointer<Float>, _ x: Float) -> Float {
        let s = x * Float(size)
        let i = Int(s)
        let f = s - Float(i)
        return t[i] + (t[i + 1] - t[i]) * f
    }
}
