import CKernels
import Foundation

extension Convolution {
    /// A `columns`×`rows` correlation in Core Image weight order: row-major from the top row
    /// on screen, so weight `r·columns + c` reads the pixel at (x + c − ⌊columns/2⌋,
    /// y + ⌊rows/2⌋ − r); plus `bias`, every channel clamped to [0, 1]. `src` must cover
    /// `dst` grown by the kernel's half sizes, or, with `box` (a clamp to extent read in
    /// place), cover `box`: reads outside it take its nearest pixel. Zero weights are skipped.
    /// AVX2 + FMA (CKernels) where the CPU has it (`vectorized`): the same sums with each
    /// tap's multiply-add fused.
    public static func correlate(
        _ src: PixelBuffer, _ dst: PixelBuffer, _ weights: [Float],
        columns: Int, rows: Int, bias: Float, clampedTo box: IRect? = nil,
        vectorized: Bool = avx2
    ) {
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
        // Rows and columns read (absolute), and the outputs [a, b) whose taps all read inside.
        let rowsIn = box.map { $0.y...($0.maxY - 1) }, colsIn = box.map { $0.x...($0.maxX - 1) }
        let a = box.map { min(width, max(0, $0.x + hx - dst.rect.x)) } ?? 0
        let b = box.map { max(a, min(width, $0.maxX - hx - dst.rect.x)) } ?? width
        // Row `y` of the source, from absolute column 0.
        func line(_ y: Int) -> UnsafePointer<Pixel> {
            UnsafePointer(src.row((rowsIn.map { min(max(y, $0.lowerBound), $0.upperBound) } ?? y) - src.rect.y) - src.rect.x)
        }
        withUnsafeTemporaryAllocation(of: UnsafePointer<Pixel>.self, capacity: 2 * max(1, n)) { p in
            let l = p.baseAddress! + n
            taps.withUnsafeBufferPointer { w in
                for ly in 0..<dst.height {
                    let y = dst.rect.y + ly, d = dst.row(ly)
                    // Each tap's row, and where it reads for output a.
                    for i in 0..<n {
                        l[i] = line(y + dy[i])
                        p[i] = l[i] + (dst.rect.x + a + dx[i])
                    }
                    if vectorized, b > a {
                        let pf = UnsafeRawPointer(p.baseAddress!).assumingMemoryBound(to: UnsafePointer<Float>?.self)
                        let df = UnsafeMutableRawPointer(d + a).assumingMemoryBound(to: Float.self)
                        // Three rows past the deepest the row reads: in cache when its turn comes.
                        let next = y + hy + 3
                        let inside = rowsIn.map { $0.contains(next) } ?? (next < src.rect.maxY)
                        let ahead = inside ? UnsafeRawPointer(line(next) + (dst.rect.x + a - hx)) : nil
                        lunette_correlate_row_avx2(
                            pf, w.baseAddress, n, bias, df, b - a,
                            ahead?.assumingMemoryBound(to: Float.self))
                    } else if b > a {
                        // Tap by tap over the row (each pixel still sums bias, then the taps in
                        // order, so the result is the pixel-by-pixel one), then clamp.
                        let e = d + a, m = b - a
                        e.update(repeating: Pixel(repeating: bias), count: m)
                        for i in 0..<n {
                            let s = p[i], wi = w[i]
                            for x in 0..<m { e[x] += s[x] * wi }
                        }
                        for x in 0..<m { e[x] = simd_clamp01(e[x]) }
                    }
                    // Outputs whose taps reach past the box: columns clamped one by one.
                    guard let cols = colsIn, a > 0 || b < width else { continue }
                    for range in [0..<a, b..<width] {
                        for x in range {
                            var acc = Pixel(repeating: bias)
                            for i in 0..<n {
                                acc += l[i][min(max(dst.rect.x + x + dx[i], cols.lowerBound), cols.upperBound)] * w[i]
                            }
                            d[x] = simd_clamp01(acc)
                        }
                    }
                }
            }
        }
    }
}

extension Image {
    /// This image through a `columns`×`rows` Core Image convolution (see `Convolution.correlate`);
    /// the extent grows by the kernel's half sizes. Lua: `img | CIConvolution5X5{weights = w}`
    public func convolved(_ weights: [Float], columns: Int, rows: Int, bias: Float) -> Image {
        Image(ConvolutionNode(self, weights, columns: columns, rows: rows, bias: bias))
    }
}

/// A matrix convolution (`Convolution.correlate`): reads its input grown by the kernel's half
/// sizes, in place when the pixels are in memory, also through a clamp to extent at the
/// image's edges (where a copy of the clamped halo would otherwise be rendered).
final class ConvolutionNode: ImageNode, @unchecked Sendable {
    let inputs: [Image]
    let weights: [Float], columns: Int, rows: Int, bias: Float
    /// Opaque pixels stay opaque when the weights and bias sum to 1 or more.
    let preservesOpacity: Bool

    init(_ input: Image, _ weights: [Float], columns: Int, rows: Int, bias: Float) {
        inputs = [input]; self.weights = weights; self.columns = columns; self.rows = rows; self.bias = bias
        preservesOpacity = weights.reduce(0, +) + bias >= 1
    }

    var kind: NodeKind { .area }
    var extent: Rect { inputs[0].extent.insetBy(-Double(columns / 2), -Double(rows / 2)) }
    /// A convolution of an infinite opaque image (a clamped one) stays opaque.
    var isOpaque: Bool { preservesOpacity && inputs[0].isOpaque && inputs[0].extent.isInfinite }
    func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.grown(columns / 2, rows / 2).rect }

    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let need = rect.grown(columns / 2, rows / 2)
        var box: IRect?
        let src: PixelBuffer
        if let s = session.borrow(inputs[0], need) {
            src = s
        } else if let clamp = inputs[0].node as? ClampNode, !clamp.box.isEmpty,
            let s = session.borrow(clamp.inputs[0], clamp.box)
        {
            src = s; box = clamp.box
        } else {
            src = session.render(inputs[0], need)
        }
        let dst = session.output(rect, zeroed: false)  // every pixel is written
        Convolution.correlate(src, dst, weights, columns: columns, rows: rows, bias: bias, clampedTo: box)
        return dst
    }
}
