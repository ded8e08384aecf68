import CKernels
import Foundation
import PixelCore

/// CISepiaTone: a tinted monochrome ramp. Apple's output depends on the Rec. 709 luminance
/// Y of the linear colour alone; per channel it is a power of Y whose exponent drifts
/// slowly with ln Y: c = exp(a + b·ln Y + q·ln²Y) (red is a plain Y^0.783). Intensity mixes
/// the result with the original in linear light.
/// Evidence: the curve was measured on Apple's render of the AlamofireImage unicorn
/// (Y 0.05…1; 1 %-wide luminance bins agree within 0.8 levels, so hue plays no part) and
/// reproduces it to 0.25/0.21/0.16 levels mean (R/G/B, max 1.2), and the three
/// samples from other references within 0.5: grey 198 → (209, 193, 151), red → (148, 118,
/// 62), white → (255, 254, 246). Below Y 0.05 (sRGB 62) it is extrapolated: a guess.
/// Lua: `img | CISepiaTone{intensity = 0.8}`
public enum SepiaTone {
    /// Per channel (a, b, q) of ln c = a + b·ln Y + q·ln²Y, in linear light.
    static let curve: [SIMD3<Float>] = [
        SIMD3(0.00226, 0.78332, 0.00070),
        SIMD3(-0.00450, 1.10159, 0.00659),
        SIMD3(-0.07840, 1.93696, 0.01803),
    ]

    public static let descriptor = FilterDescriptor(
        .colorEffect, "CISepiaTone", "Sepia Tone",
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn, .xmpSerializable],
        "Maps colours to warm brown sepia tones; intensity 0 leaves the image unchanged.",
        inputs: [
            .image(), .number(.intensity, 1, min: 0, slider: 0...1, identity: 0, "How much of the sepia result to use (0…1)."),
        ]
    ) { f in
        let image = try f.image()
        let k = Float(f.number("inputIntensity"))
        if k == 0 { return image }
        return Image(PointNode([image], Kernel(intensity: k)))
    }

    struct Kernel: PointKernel {
        let intensity: Float
        /// Video's variant: the vector loop evaluates `polynomials`, without tables.
        var video = false
        var preservesAlpha: Bool { true }
        var videoVariant: (any PointKernel)? { Kernel(intensity: intensity, video: true) }
        var encodedTone: UnsafePointer<Float>? { video && intensity == 1 ? UnsafePointer(SepiaTone.encoded) : nil }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            // The tables and weights read once per run: a static read inside the loop is a
            // lazy-initialisation check and an array access per pixel.
            let t = SepiaTone.tables, tables = (t[0], t[1], t[2]), luma = ColorMath.luma
            let vector = Convolution.avx2 ? SepiaTone.interleaved : nil, poly = SepiaTone.polynomials
            var i = 0
            while i < count {
                // Eight pixels at a time in C while luminances stay within the tables; a block
                // it stops at (and the tail) goes through the same formula here.
                if let vector {
                    let f = UnsafeMutableRawPointer(dst + i).assumingMemoryBound(to: Float.self)
                    i +=
                        video
                        ? lunette_sepia_poly_avx2(f, count - i, poly, intensity)
                        : lunette_sepia_avx2(f, count - i, vector, intensity)
                }
                for j in i..<min(i + 8, count) {
                    dst[j] = SepiaTone.apply(dst[j], intensity: intensity, tables: tables, luma: luma)
                }
                i = min(i + 8, count)
            }
        }
    }

    /// One channel of the curve at luminance `y` (Double, for the tables and beyond 1).
    static func channel(_ c: SIMD3<Float>, _ y: Double) -> Double {
        guard y > 0 else { return 0 }
        let l = log(y)
        return exp(Double(c.x) + l * (Double(c.y) + l * Double(c.z)))
    }

    /// The curve per channel over √Y in 0…1 (smooth at 0, where Y^0.78 is not).
    nonisolated(unsafe) static let tables: [UnsafeMutablePointer<Float>] = curve.map { c in
        SRGBTables.table { u in channel(c, u * u) }
    }

    /// The three tables entry by entry (R, G, B, 0): one vector load per entry in C.
    nonisolated(unsafe) static let interleaved: UnsafeMutablePointer<Float> = {
        let t = UnsafeMutablePointer<Float>.allocate(capacity: 4 * (SRGBTables.size + 2))
        for i in 0..<(SRGBTables.size + 2) {
            for c in 0..<3 { t[4 * i + c] = tables[c][i] }
            t[4 * i + 3] = 0
        }
        return t
    }()

    /// `lunette video`'s variant of the curve: degree-6 least-squares polynomials of the
    /// model over Y^¼ (R, G) and Y^½ (B), where each is smooth (numpy, Chebyshev fit of
    /// 200001 points). Within 0.013 of an 8-bit sRGB step of the model, 0.002 on average:
    /// far inside the video rule, with no table reads (two per pixel in `interleaved`).
    nonisolated(unsafe) static let polynomials: UnsafeMutablePointer<Float> = {
        let c: [Float] = [
            -1.08193235e-05, 0.000741878191, -0.0144297687, 0.840437897, 0.253029509, -0.100329408, 0.0228283942,
            3.66552686e-06, -0.000219579547, 0.00320446367, -0.00887304332, 0.584317154, 0.432846911, -0.0157719644,
            -5.48982126e-06, 0.000376932576, -0.00728054993, 0.144290351, 0.781610586, -0.00317612693, 0.00878133486,
        ]
        let p = UnsafeMutablePointer<Float>.allocate(capacity: c.count)
        p.initialize(from: c, count: c.count)
        return p
    }()

    /// `polynomials` through the sRGB encode, for the 8-bit video encoder (`encodedTone`):
    /// per channel R′ where the tone is above 0.0031308 (degree 6, a near-minimax fit of the
    /// exact encode of `polynomials` in numpy, within 0.003 of an 8-bit step), 12.92 times the
    /// channel's polynomial below it, and the root (Y^¼ or Y^½) where the two meet.
    nonisolated(unsafe) static let encoded: UnsafeMutablePointer<Float> = {
        let curves: [[Float]] = [
            [
                -6.200567260e-02, 4.953460991e-01, 1.201363683e+00, -1.421195984e+00, 1.381977916e+00, -7.842723727e-01,
                1.897928566e-01,
            ],
            [
                -5.731184036e-02, 1.068455428e-01, 1.121617675e+00, -3.621592224e-01, 3.064951897e-01, -1.485318244e-01,
                3.106747940e-02,
            ],
            [
                -5.999332666e-02, 2.248854786e-01, 1.182978988e+00, -7.602294683e-01, 6.243514419e-01, -3.162755966e-01,
                7.037919760e-02,
            ],
        ]
        let meet: [Float] = [1.567400247e-01, 2.588827610e-01, 2.207553983e-01]
        var c: [Float] = []
        for i in 0..<3 {
            let low: [Float] = (0..<7).map { j in 12.92 * polynomials[7 * i + j] }
            c += curves[i] + low + [meet[i]]
        }
        let p = UnsafeMutablePointer<Float>.allocate(capacity: c.count)
        p.initialize(from: c, count: c.count)
        return p
    }()

    typealias Tables = (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)

    /// The sepia colour (linear, straight) of a luminance, from `tables` inside 0…1.
    @inline(__always) static func tone(_ y: Float, _ t: Tables) -> SIMD3<Float> {
        guard y > 0 else { return .zero }
        guard y <= 1 else { return SIMD3(curve.map { Float(channel($0, Double(y))) }) }
        let u = y.squareRoot()
        return SIMD3(SRGBTables.lookup(t.0, u), SRGBTables.lookup(t.1, u), SRGBTables.lookup(t.2, u))
    }

    @inline(__always) static func apply(_ p: Pixel, intensity k: Float, tables: Tables, luma: SIMD3<Float>) -> Pixel {
        guard p.w > 0 else { return p }
        let c = ColorMath.rgb(p)
        let s = tone((c * luma).sum(), tables)
        let m = k == 1 ? s : c + (s - c) * k
        return ColorMath.pixel(m, p.w)
    }
}
