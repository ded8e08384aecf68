import CKernels
import Foundation
import PixelCore

/// Table-driven conversion of 8-bit streams (what `lunette video` sees from ffmpeg): each
/// code's R′G′B′ contribution comes from a 256-entry table (in decode-table index units),
/// R′G′B′ is linearised by the nearest entry of a 2¹⁴-entry decode table, and the encoder
/// runs whole 2×2 blocks of 4:2:0 at a time through a 2¹⁵-entry table. The AVX2 loops of
/// 4:2:0 compute the curve instead, eight pixels as planes, no table reads: decode by
/// `VideoTransfer.decodePolynomial`, encode by exponent and mantissa (CKernels/yuv8.c),
/// both finer than the tables; the tables take what they decline (far out of gamut).
///
/// Precision rule (video only): both tables are sized for L1, not for exactness. Core Image
/// itself renders in half float by default (`kCIContextWorkingFormat` is RGBAh unless set),
/// so video frames may be computed more coarsely than stills as long as every code stays
/// within ±1 of an exact conversion around the same float graph and few differ (0.1–0.25 %
/// of codes on the bench clips; VideoPrecisionTests holds it to ±1 and 2 %). Other depths
/// and layouts keep `VideoTransfer`'s 2¹⁶/2¹⁷ tables; stills never come here.
/// CLI: `lunette video --chain look.lua -i in.y4m -o out.y4m`
struct YUV8Tables: Sendable {
    /// Y code → luma term (the same on R′, G′ and B′), already in decode-table index units
    /// (offset included).
    let luma: [Float]
    /// Cb code → (0, G′, B′) terms at 0…255, Cr code → (R′, G′, 0) terms at 256…511, in
    /// decode-table index units.
    let chroma: [SIMD4<Float>]
    /// True when every code combination lands inside the decode table (always, for 8-bit
    /// BT.601/709 in either range: R′G′B′ stays within −1.2…2.2), so no clamp is needed.
    let inRange: Bool
    /// The polynomial 4:2:0 decode's parameters (`lunette_yuv8_decode420_poly_avx2`): the
    /// code scales and offsets, the chroma weights, then `VideoTransfer.decodePolynomial`.
    let polyParams: [Float]

    init(_ c: YUVConversion) {
        let ya = 1 / c.yScale, yb = -c.yOffset / c.yScale
        let ca = 1 / c.cScale, cb0 = -c.cOffset / c.cScale
        polyParams = [ya, yb, ca, cb0, c.crToR, c.cbToG, c.crToG, c.cbToB] + VideoTransfer.decodePolynomial
        let scale = Float(VideoTransfer.decode8Count) / (VideoTransfer.decodeHigh - VideoTransfer.decodeLow)
        let offset = -VideoTransfer.decodeLow * scale
        luma = (0..<256).map { (Float($0) * ya + yb) * scale + offset }
        let cb = (0..<256).map { code -> SIMD4<Float> in
            let u = Float(code) * ca + cb0
            return SIMD4(0, c.cbToG * u, c.cbToB * u, 0) * scale
        }
        let cr = (0..<256).map { code -> SIMD4<Float> in
            let v = Float(code) * ca + cb0
            return SIMD4(c.crToR * v, c.crToG * v, 0, 0) * scale
        }
        chroma = cb + cr
        let lo = luma.min()! + (0..<3).map { i in cb.map { $0[i] }.min()! + cr.map { $0[i] }.min()! }.min()!
        let hi = luma.max()! + (0..<3).map { i in cb.map { $0[i] }.max()! + cr.map { $0[i] }.max()! }.max()!
        inRange = lo >= 1 && hi <= Float(VideoTransfer.decode8Count) - 1
    }
}

extension YUVSourceNode {
    /// The 8-bit conversion of `r` (file rows from the top, image rows from the bottom);
    /// then, row by row while the row is in cache, `affine` (AffineRGB's floats, fused
    /// into the 4:2:0 vector decode) and `after` (point kernels run on each row).
    func convert8(
        _ s: UnsafePointer<UInt8>, _ r: IRect, into out: PixelBuffer, _ t: YUV8Tables,
        affine: [Float]? = nil, after: [any PointKernel] = []
    ) {
        convert8(s, r, rows: { out.row($0 - out.rect.y) + (r.x - out.rect.x) }, t, affine: affine, after: after)
    }

    /// `convert8` into rows wherever `rows(y)` says: the address of row y's pixel at r.x.
    func convert8(
        _ s: UnsafePointer<UInt8>, _ r: IRect, rows: (Int) -> UnsafeMutablePointer<Pixel>, _ t: YUV8Tables,
        affine: [Float]? = nil, after: [any PointKernel] = []
    ) {
        let f = frame.format
        let (sx, sy) = f.chromaShift
        let w = f.width, cw = f.chromaWidth
        let lumaCount = w * f.height, chromaCount = cw * f.chromaHeight
        let mono = f.chroma == .mono
        let poly = Convolution.avx2 && f.chroma == .c420
        VideoTransfer.decode8Table.withUnsafeBufferPointer { dt in
            t.luma.withUnsafeBufferPointer { lt in
                t.chroma.withUnsafeBufferPointer { ct in
                    let table = dt.baseAddress!, luma = lt.baseAddress!, cbT = ct.baseAddress!, crT = cbT + 256
                    let magic = SIMD4<Float>(repeating: 12_582_912)
                    for y in r.y..<r.maxY {
                        let fileRow = f.height - 1 - y
                        let dst = rows(y) - r.x
                        let yRow = s + fileRow * w
                        let cbRow = s + lumaCount + (fileRow >> sy) * cw, crRow = cbRow + chromaCount
                        defer { for k in after { k.apply(dst + r.x, [], r.width) } }
                        let o = UnsafeMutableRawPointer(dst + r.x).assumingMemoryBound(to: Float.self)
                        let cf = UnsafeRawPointer(cbT).assumingMemoryBound(to: Float.self)
                        if poly {
                            if let affine {
                                lunette_yuv8_decode420_poly_avx2(
                                    yRow, cbRow, crRow, r.x, r.width, t.polyParams, affine, luma, cf, table, o)
                            } else {
                                lunette_yuv8_decode420_poly_avx2(
                                    yRow, cbRow, crRow, r.x, r.width, t.polyParams, nil, luma, cf, table, o)
                            }
                            continue
                        }
                        if Convolution.avx2 {
                            lunette_yuv8_decode_row_avx2(
                                yRow, mono ? nil : cbRow, mono ? nil : crRow, r.x, r.width,
                                sx, luma, cf, table, o)
                            continue
                        }
                        var x = r.x
                        while x < r.maxX {
                            let cx = x >> sx
                            let end = min((cx + 1) << sx, r.maxX)
                            let d = (mono ? SIMD4<Float>.zero : cbT[Int(cbRow[cx])] + crT[Int(crRow[cx])])
                            while x < end {
                                // Nearest table entry: adding 1.5·2²³ rounds the index into the low bits.
                                let i = unsafeBitCast((d + luma[Int(yRow[x])]) + magic, to: SIMD4<UInt32>.self) & 0x3F_FFFF
                                dst[x] = SIMD4(table[Int(i.x)], table[Int(i.y)], table[Int(i.z)], 1)
                                x &+= 1
                            }
                        }
                    }
                }
            }
        }
    }
}

extension VideoTransfer {
    /// The 8-bit path's decode table: 2¹⁴ entries over the same range, so the part photos
    /// use (R′G′B′ 0…1, 4096 entries, 16 KiB) stays in L1. The nearest entry is at most
    /// 1.2·10⁻⁴ of R′ away: 0.03 of an 8-bit step.
    static let decode8Count = 1 << 14
    static let decode8Table: [Float] = table(decodeLow, decodeHigh, decode8Count, exactDecode)
    /// ((v + 0.055)/1.055)^2.4 for v in 0.04045…1.25, coefficients from the constant term
    /// up: a near-minimax fit (Lawson-weighted Chebyshev least squares in numpy, error
    /// weighted by the curve's slope), within 0.007 of an 8-bit R′ step in float32 Horner
    /// form, finer than `decode8Table`'s nearest entry (0.03).
    static let decodePolynomial: [Float] = [
        8.896864019e-04, 3.379101679e-02, 5.069062114e-01, 7.276854515e-01, -4.408285916e-01,
        2.210558504e-01, -4.952951893e-02,
    ]
    /// The 8-bit path's encode table as (value, step to the next entry) pairs, one load per
    /// lookup: 2¹⁵ entries, so linear 0…1 (1820 pairs, 14 KiB) stays in L1. Interpolated:
    /// within 7·10⁻⁵ of R′ near black, where the curve bends most (0.016 of a Y′ step), and
    /// 2·10⁻⁷ on average over 0…1.5.
    static let encode8Count = 1 << 15
    static let encodePairs: [SIMD2<Float>] = {
        let t = table(encodeLow, encodeHigh, encode8Count, exactEncode)
        return (0...encode8Count).map { SIMD2(t[$0], t[$0 + 1] - t[$0]) }
    }()

    /// Linear → R′G′B′ for four values of one channel, interpolated like `Interpolator`
    /// (the exact curve for values outside the table).
    struct LaneEncoder {
        let pairs: UnsafePointer<SIMD2<Float>>
        let scale: Float, offset: Float, last: Float

        @inline(__always) func callAsFunction(_ v: SIMD4<Float>) -> SIMD4<Float> {
            let x = v * scale + offset
            guard all((x .>= 0) .& (x .< last)) else {
                return SIMD4(exactEncode(v.x), exactEncode(v.y), exactEncode(v.z), exactEncode(v.w))
            }
            let magic = SIMD4<Float>(repeating: 12_582_912)
            let shifted = (x - 0.5) + magic
            let f = x - (shifted - magic)
            let i = unsafeBitCast(shifted, to: SIMD4<UInt32>.self) & 0x3F_FFFF
            let e0 = pairs[Int(i.x)], e1 = pairs[Int(i.y)], e2 = pairs[Int(i.z)], e3 = pairs[Int(i.w)]
            return SIMD4(e0.x, e1.x, e2.x, e3.x) + SIMD4(e0.y, e1.y, e2.y, e3.y) * f
        }
    }

    static func withLaneEncoder<R>(_ body: (LaneEncoder) throws -> R) rethrows -> R {
        try encodePairs.withUnsafeBufferPointer {
            try body(
                LaneEncoder(
                    pairs: $0.baseAddress!, scale: Float(encode8Count) / (encodeHigh - encodeLow),
                    offset: -encodeLow * Float(encode8Count) / (encodeHigh - encodeLow),
                    last: Float(encode8Count)))
        }
    }
}
