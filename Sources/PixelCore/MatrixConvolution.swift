import Foundation

extension Convolution {
    /// A `columns`×`rows` correlation in Core Image weight order: row-major from the top row
    /// on screen, so weight `r·columns + c` reads the pixel at (x + c − ⌊columns/2⌋,
    /// y + ⌊rows/2⌋ − r); plus `bias`, every channel clamped to [0, 1]. `src` must cover
    /// `dst` grown by the kernel's half sizes. Zero weights are skipped.
    public static func correlate(_ src: PixelBuffer, _ dst: PixelBuffer, _ weights: [Float],
                                 columns: Int, rows: Int, bias: Float) {
        let hx = columns / 2, hy = rows / 2
        // The non-zero taps as (source offset from the output pixel in the buffer, weight).
        var offsets: [Int] = [], taps: [Float] = []
        for r in 0..<rows {
            for c in 0..<columns where weights[r * columns + c] != 0 {
                offsets.append((hy - r) * src.stride + (c - hx))
                taps.append(weights[r * columns + c])
            }
        }
        let n = taps.count
        offsets.withUnsafeBufferPointer { off in
            taps.withUnsafeBufferPointer { w in
                // Tap by tap over a whole row (each pixel still sums bias, then the taps in
                // order, so the result is the pixel-by-pixel one), then clamp.
                let width = dst.width
                for ly in 0..<dst.height {
                    let d = dst.row(ly)
                    let s = src.row(dst.rect.y + ly - src.rect.y) + (dst.rect.x - src.rect.x)
                    d.update(repeating: Pixel(repeating: bias), count: width)
                    for i in 0..<n {
                        let p = s + off[i], wi = w[i]
                        for x in 0..<width { d[x] += p[x] * wi }
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
