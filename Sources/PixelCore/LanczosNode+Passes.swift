import CKernels
import Foundation

/// The two passes of `LanczosScaleNode`: each output row from `taps` contiguous source pixels
/// per output pixel (horizontal) or from `taps` source rows (vertical). AVX2 + FMA loops
/// (CKernels) where the CPU has them, else the Swift loops; the same sums up to float rounding.
extension LanczosScaleNode {
    /// True when resampling vertically first costs fewer multiply-adds for this tile. A
    /// horizontal tap costs about twice a vertical one (its weights are loaded per pixel
    /// instead of once per row); for a ½ shrink vertical-first does 4 units per output
    /// pixel and tap where horizontal-first does 5.
    static func verticalFirst(out: IRect, source: IRect, hTaps: Int, vTaps: Int) -> Bool {
        let h = 2 * hTaps, v = vTaps
        let hFirst = source.height * out.width * h + out.count * v
        let vFirst = out.height * source.width * v + out.count * h
        return vFirst <= hFirst
    }

    /// Row y of `dst` = Σ_i w[y·taps + i]·row(first[y] + i), over `width` pixels.
    static func vertical(
        _ row: (Int) -> UnsafePointer<Pixel>, _ vw: Weights, width: Int, into dst: PixelBuffer,
        vectorized: Bool
    ) {
        let taps = vw.taps
        vw.w.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: taps + Self.aheadRows) { rows in
                let ahead = rows.baseAddress! + taps
                for y in 0..<dst.height {
                    for i in 0..<taps { rows[i] = row(vw.first[y] + i) }
                    let kk = k.baseAddress! + y * taps
                    if vectorized {
                        // The rows output y + 2 reads that y + 1 does not, fetched meanwhile.
                        var m = 0
                        if y + 2 < dst.height {
                            let f = vw.first[y + 2]
                            var j = max(f, vw.first[y + 1] + taps)
                            while j < f + taps && m < Self.aheadRows { ahead[m] = row(j); m += 1; j += 1 }
                        }
                        let rf = UnsafeRawPointer(rows.baseAddress!).assumingMemoryBound(to: UnsafePointer<Float>?.self)
                        let af = UnsafeRawPointer(ahead).assumingMemoryBound(to: UnsafePointer<Float>?.self)
                        let of = UnsafeMutableRawPointer(dst.row(y)).assumingMemoryBound(to: Float.self)
                        lunette_column_avx2(rf, of, width, kk, taps, af, m)
                    } else {
                        Convolution.vertical(rows.baseAddress!, dst.row(y), width, kk, taps)
                    }
                }
            }
        }
    }

    /// At most this many rows are prefetched per output row (a ⅛ shrink needs 8 new rows).
    static let aheadRows = 8

    /// Row y of `dst`: pixel x = Σ_i w[x·taps + i]·row(y)[first[x] + i].
    static func horizontal(_ row: (Int) -> UnsafePointer<Pixel>, _ hw: Weights, into dst: PixelBuffer, vectorized: Bool) {
        let taps = hw.taps, width = dst.width
        if vectorized {
            hw.w4.withUnsafeBufferPointer { k in
                hw.first.withUnsafeBufferPointer { first in
                    for y in 0..<dst.height {
                        let sf = UnsafeRawPointer(row(y)).assumingMemoryBound(to: Float.self)
                        let of = UnsafeMutableRawPointer(dst.row(y)).assumingMemoryBound(to: Float.self)
                        lunette_resample_row_avx2(sf, of, width, first.baseAddress, k.baseAddress, taps)
                    }
                }
            }
            return
        }
        hw.w.withUnsafeBufferPointer { k in
            hw.first.withUnsafeBufferPointer { first in
                for y in 0..<dst.height {
                    let s = row(y), d = dst.row(y)
                    for x in 0..<width {
                        let p = s + first[x], kk = k.baseAddress! + x * taps
                        var acc = Pixel.zero
                        for i in 0..<taps { acc += p[i] * kk[i] }
                        d[x] = acc
                    }
                }
            }
        }
    }
}
