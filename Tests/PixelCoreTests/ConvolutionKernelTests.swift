import CKernels
import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// The matrix convolution rows (`Convolution.correlate`) against a direct double-precision
/// sum, on the Swift loop and on the AVX2 + FMA loops (512-bit and 256-bit), over widths
/// that leave every loop tail, with clamping, transparent pixels and NaN, and through a
/// clamp to extent read in place.
final class ConvolutionKernelTests: XCTestCase {
    /// Each vectorised variant this CPU can run (AVX-512 loops on and off), then the Swift loop.
    static func variants(_ body: (_ vectorized: Bool, _ name: String) throws -> Void) rethrows {
        defer { lunette_conv_use_avx512(ProcessInfo.processInfo.environment["LUNETTE_NO_AVX512"] == nil ? 1 : 0) }
        if lunette_kernels_have_avx2() != 0 {
            lunette_conv_use_avx512(1)
            try body(true, "AVX-512")
            lunette_conv_use_avx512(0)
            try body(true, "AVX2")
        }
        try body(false, "Swift")
    }

    /// A buffer of pseudo-random premultiplied pixels, some fully transparent.
    static func noise(_ rect: IRect, seed: UInt64) -> PixelBuffer {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func next() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float((state >> 40) & 0xffff) / 65535
        }
        let buf = PixelBuffer(rect)
        for i in 0..<rect.count {
            let a = i % 7 == 3 ? 0 : 0.1 + 0.9 * next()
            buf.pixels[i] = Pixel(next() * a, next() * a, next() * a, a)
        }
        return buf
    }

    func testCorrelationRowsMatchADoubleReference() throws {
        let widths = [1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 18, 21, 35]
        for (columns, rows) in [(3, 3), (5, 5), (7, 7), (9, 1), (1, 9)] {
            var state = UInt64(columns * 10 + rows)
            let weights: [Float] = (0..<(columns * rows)).map { i in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return i % 4 == 1 ? 0 : Float(Int((state >> 33) % 401) - 200) / 100  // −2…2, some zero
            }
            let bias: Float = 0.15
            let hx = columns / 2, hy = rows / 2
            for width in widths {
                let dstRect = IRect(-2, 5, width, 3)
                // A source larger than needed, as a loaded image read in place would be.
                let src = Self.noise(dstRect.grown(hx + 2, hy + 1), seed: UInt64(width))
                var outputs: [PixelBuffer] = []
                try Self.variants { vectorized, name in
                    let dst = PixelBuffer(uninitialized: dstRect)
                    Convolution.correlate(src, dst, weights, columns: columns, rows: rows, bias: bias, vectorized: vectorized)
                    for y in dstRect.y..<dstRect.maxY {
                        for x in dstRect.x..<dstRect.maxX {
                            var acc = SIMD4<Double>(repeating: Double(bias)), size = Double(bias)
                            for r in 0..<rows {
                                for c in 0..<columns {
                                    let p = src[x + c - hx, y + hy - r], w = Double(weights[r * columns + c])
                                    let d = SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * w
                                    acc += d
                                    size += abs(d.max()) + abs(d.min())
                                }
                            }
                            let want = acc.clamped(lowerBound: .zero, upperBound: .one)
                            let g = dst[x, y]
                            let got = SIMD4<Double>(Double(g.x), Double(g.y), Double(g.z), Double(g.w))
                            let off = (got - want).max() > -(got - want).min() ? (got - want).max() : -(got - want).min()
                            XCTAssertLessThanOrEqual(off, 1e-5 * size, "\(columns)×\(rows) width \(width) (\(x), \(y)) \(name)")
                            if !(off <= 1e-5 * size) { return }
                        }
                    }
                    outputs.append(dst)
                }
                // Every variant agrees with the Swift loop, the last one.
                for o in outputs.dropLast() { XCTAssertLessThan(TestImages.maxDifference(o, outputs.last!), 1e-5) }
            }
        }
    }

    func testClampedReadsTakeTheNearestPixelOfTheBox() throws {
        let box = IRect(2, 3, 23, 9)
        let buf = Self.noise(box, seed: 3)
        for (columns, rows) in [(3, 3), (5, 5), (9, 1)] {
            let weights: [Float] = (0..<(columns * rows)).map { Float(($0 * 7) % 11) / 10 - 0.4 }
            let hx = columns / 2, hy = rows / 2
            func want(_ x: Int, _ y: Int) -> SIMD4<Double> {
                var acc = SIMD4<Double>(repeating: -0.05)
                for r in 0..<rows {
                    for c in 0..<columns {
                        let p = buf[min(max(x + c - hx, box.x), box.maxX - 1), min(max(y + hy - r, box.y), box.maxY - 1)]
                        acc += SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * Double(weights[r * columns + c])
                    }
                }
                return acc.clamped(lowerBound: .zero, upperBound: .one)
            }
            // Outputs reaching well past the box on every side, directly and through the graph
            // (a clamp to extent read in place, in tiles of 8).
            let rect = box.grown(hx + 3, hy + 2)
            try Self.variants { vectorized, name in
                let dst = PixelBuffer(uninitialized: rect)
                Convolution.correlate(
                    buf, dst, weights, columns: columns, rows: rows, bias: -0.05, clampedTo: box,
                    vectorized: vectorized)
                let graph = Image(SourceNode(buf)).clampedToExtent().convolved(weights, columns: columns, rows: rows, bias: -0.05)
                let tiled = try TestImages.render(graph, rect, tile: 8)
                for (out, how) in [(dst, "direct"), (tiled, "graph")] {
                    var worst = 0.0
                    for y in rect.y..<rect.maxY {
                        for x in rect.x..<rect.maxX {
                            let g = out[x, y]
                            let d = SIMD4(Double(g.x), Double(g.y), Double(g.z), Double(g.w)) - want(x, y)
                            worst = max(worst, d.max(), -d.min())
                        }
                    }
                    XCTAssertLessThan(worst, 1e-5, "\(columns)×\(rows) \(name) \(how)")
                }
            }
        }
    }

    func testCorrelationClampsAndKeepsNaN() throws {
        let src = PixelBuffer(IRect(0, 0, 21, 3))
        for x in 0..<21 { src[x, 1] = Pixel(Float(x) - 10, 0.5, 2, 0.25) }
        src[17, 1] = Pixel(.nan, 0.5, 0.5, 0.5)
        let dstRect = IRect(1, 1, 19, 1)
        try Self.variants { vectorized, name in
            let dst = PixelBuffer(uninitialized: dstRect)
            Convolution.correlate(src, dst, [0, 0, 0, 0, 1, 0, 0, 0, 0], columns: 3, rows: 3, bias: 0.1, vectorized: vectorized)
            for x in 1..<20 where x != 17 {
                XCTAssertEqual(dst[x, 1], Pixel(min(max(0.1 + (Float(x) - 10), 0), 1), 0.6, 1, 0.35), "x \(x) \(name)")
            }
            XCTAssertTrue(dst[17, 1].x.isNaN, name)
            XCTAssertEqual(dst[17, 1].y, 0.6, name)
        }
    }

    func testCoreImageSizesUseTheSameCorrelation() throws {
        // CIConvolution3X3 reads (x − 1, y + 1) with weight 0, as the wider sizes do.
        let src = TestImages.make(IRect(0, 0, 5, 5)) { x, y in Pixel(Float(x) / 8, Float(y) / 8, 0, 1) }
        let w: [Float] = [1, 0, 0, 0, 0, 0, 0, 0, 0]
        let out = try TestImages.render(src.convolved(w, columns: 3, rows: 3, bias: 0), IRect(1, 1, 3, 3))
        for y in 1..<4 { for x in 1..<4 { XCTAssertEqual(out[x, y], Pixel(Float(x - 1) / 8, Float(y + 1) / 8, 0, 1)) } }
    }
}
