import CKernels
import Foundation

extension Convolution {
    /// A `columns`×`rows` correlation in Core Image weight order: row-major from the top row
    /// on screen, so weight `r·columns + c` reads the pixel at (x + c − ⌊columns/2⌋,
    /// y + ⌊rows/2⌋ − r); plus `bias`, every channel clamped to [0, 1]. `src` must cover
    /// `dst` grown by the kernel's half sizes. Zero weights are skipped. AVX2 + FMA (CKernels)
    /// where the CPU has it (`vectorized`): the same sums with each tap's multiply-add fused.
    public static func correlate(_ src: PixelBuffer, _ dst: PixelBuffer, _ weights: [Float],
                                 columns: Int, rows: Int, bias: Float, vectorized: Bool = avx2) {
        let hx = columns / 2, hy = rows / 2
        // The non-zero taps as (source row and column offsets from the output pixel, weight).
        var dy: [Int] = [], dx: [Int] = [], taps: [Float] = []
        for r in 0..<rows {
            for c in 0..<columns where weights[r * columns + c] != 0 {
                dy.append(hy - r); dx.append(c - hx)
                taps.append(weights[r * columns + c])
            }
        }
        let n = taps.count, width = dst.width
        let sx = dst.rect.x - src.rect.x, sy = dst.rect.y - src.rect.y
        withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: max(1, n)) { p in
            taps.withUnsafeBufferPointer { w in
                for ly in 0..<dst.height {
                    // Where each tap reads for the row's first pixel (rows addressed one by one).
                    for i in 0..<n { p[i] = UnsafePointer(src.row(sy + ly + dy[i]) + (sx + dx[i])) }
                    let d = dst.row(ly)
                    if vectorized {
                        let pf = UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UnsafePointer<Float>?.self)
                        let df = UnsafeMutableRawPointer(d).assumingMemoryBound(to: Float.self)
                        // Three rows past the deepest the row reads: in cache when its turn comes.
                        let next = sy + ly + hy + 3
                        let ahead = next < src.height ? UnsafeRawPointer(src.row(next) + (sx - hx)) : nil
                        lunette_correlate_row_avx2(pf, w.baseAddress, n, bias, df, width,
                                                   ahead?.assumingMemoryBound(to: Float.self))
                        continue
                    }
                    // Tap by tap over a whole row (each pixel still sums bias, then the taps in
                    // order, so the result is the pixel-by-pixel one), then clamp.
                    d.update(repeating: Pixel(repeating: bias), count: width)
                    for i in 0..<n {
                        let s = p[i], wi = w[i]
                        for x in 0..<width { d[x] += s[x] * wi }
                    }
                    for x in 0..<width { d[x] = simd_clamp01(d[x]) }
                }
            }
        }
    }
}

extension Image {
    /// This image through a `columns`×`rows` Core Image convolution (see `Convolution.correlate`);
    /// the extent grows by the kernel's half sizes. Lua: `img | CIConvolution5X5{weights = w}`
    public func convolved(_ weights: [Float], columns: Int, rows: Int, bias: Float) -> Image {
        let opaqueStaysOpaque = weights.reduce(0, +) + bias >= 1
        return Image(AreaNode(self, haloX: columns / 2, haloY: rows / 2, preservesOpacity: opaqueStaysOpaque,
                              inPlace: true) { src, dst in
            Convolution.correlate(src, dst, weights, columns: columns, rows: rows, bias: bias)
        })
    }
}
