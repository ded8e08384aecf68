import CKernels
import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// `LanczosScaleNode`'s passes (Swift loops and AVX2 + FMA loops, 512- and 256-bit), in
/// both orders, against a per-pixel Lanczos-3 summed in double precision: windows moved
/// inside the image at its edges, transparent pixels, inputs read in place or rendered.
final class LanczosKernelTests: XCTestCase {
    func lanczos3(_ t: Double) -> Double {
        func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
        return abs(t) < 3 ? sinc(t) * sinc(t / 3) : 0
    }

    /// Output (X, Y) from every source pixel in reach (transparent outside `src`), the
    /// kernel widened by 1/s when shrinking, weights normalised per axis.
    func reference(_ src: PixelBuffer, sx: Double, sy: Double, _ X: Int, _ Y: Int) -> SIMD4<Double> {
        func axis(_ o: Int, _ s: Double) -> [(Int, Double)] {
            let c = (Double(o) + 0.5) / s, w = max(1, 1 / s)
            let taps = (Int((c - 3 * w).rounded(.down)) - 1...Int((c + 3 * w).rounded(.up)) + 1).map {
                ($0, lanczos3((Double($0) + 0.5 - c) / w))
            }
            let sum = taps.reduce(0) { $0 + $1.1 }
            return taps.map { ($0.0, $0.1 / sum) }
        }
        var acc = SIMD4<Double>.zero
        for (j, ky) in axis(Y, sy) where ky != 0 {
            for (i, kx) in axis(X, sx) where kx != 0 {
                let p = src[i, j]
                acc += SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * (kx * ky)
            }
        }
        return acc
    }

    func testBothOrdersAndEveryLoopMatchADoubleReference() throws {
        let buf = ConvolutionKernelTests.noise(IRect(3, -2, 45, 31), seed: 9)
        for y in 4..<9 { for x in 10..<20 { buf[x, y] = .zero } }  // a transparent patch
        let loaded = Image(SourceNode(buf))
        // Not in memory: rendered (window only) by the node's input on demand.
        let computed = loaded.mapped { $0 * 0.5 }
        let half = PixelBuffer(buf.rect)
        for i in 0..<buf.rect.count { half.pixels[i] = buf.pixels[i] * 0.5 }
        for (input, src) in [(loaded, buf), (computed, half)] {
            for (sx, sy) in [(0.5, 0.5), (0.3, 0.45), (1.6, 0.7), (2.0, 1.0), (1.0, 0.6)] {  // 1.0: five (odd) taps
                let rect = IRect(covering: LanczosScaleNode(input, sx: sx, sy: sy).extent)
                let want = (rect.y..<rect.maxY).map { y in (rect.x..<rect.maxX).map { x in reference(src, sx: sx, sy: sy, x, y) }
                }
                var results: [PixelBuffer] = []
                try ConvolutionKernelTests.variants { vectorized, name in
                    for order in [true, false] {
                        let node = LanczosScaleNode(input, sx: sx, sy: sy, verticalFirst: order, vectorized: vectorized)
                        for tile in [7, 64] {
                            let got = try TestImages.render(Image(node), rect, tile: tile)
                            var worst = 0.0
                            for y in rect.y..<rect.maxY {
                                for x in rect.x..<rect.maxX {
                                    let g = got[x, y]
                                    let d =
                                        SIMD4(Double(g.x), Double(g.y), Double(g.z), Double(g.w)) - want[y - rect.y][x - rect.x]
                                    worst = max(worst, d.max(), -d.min())
                                }
                            }
                            XCTAssertLessThan(worst, 1e-5, "\(sx)×\(sy) \(name) vertical first \(order) tile \(tile)")
                            results.append(got)
                        }
                    }
                }
                // The vectorised loops agree with the Swift ones (the last four results).
                let swift = results.last!
                for r in results { XCTAssertLessThan(TestImages.maxDifference(r, swift), 1e-5, "\(sx)×\(sy)") }
            }
        }
    }

    func testImagesNarrowerThanTheKernelStillResample() throws {
        // 5×3 pixels at ½: every window (12 taps) is wider than the image, so the node
        // reads a zero-padded copy instead of moving windows inside.
        let buf = ConvolutionKernelTests.noise(IRect(0, 0, 5, 3), seed: 4)
        let weights = LanczosScaleNode.Weights(0, 3, scale: 0.5, widen: 2, sourceStart: -7)
        XCTAssertNil(weights.fitted(7, 12))
        try ConvolutionKernelTests.variants { vectorized, name in
            let node = LanczosScaleNode(Image(SourceNode(buf)), sx: 0.5, sy: 0.5, verticalFirst: nil, vectorized: vectorized)
            let got = try TestImages.render(Image(node), IRect(0, 0, 3, 2))
            for y in 0..<2 {
                for x in 0..<3 {
                    let want = reference(buf, sx: 0.5, sy: 0.5, x, y), g = got[x, y]
                    let d = SIMD4(Double(g.x), Double(g.y), Double(g.z), Double(g.w)) - want
                    XCTAssertLessThan(max(d.max(), -d.min()), 1e-5, "(\(x), \(y)) \(name)")
                }
            }
        }
    }

    func testHalvingUsesTwelveTaps() {
        // Source centres within ±6 of an output's centre 2X + 1: the window's two last
        // positions (6.5 and 7.5 away) weigh zero for every output and are dropped.
        let w = LanczosScaleNode.Weights(5, 40, scale: 0.5, widen: 2, sourceStart: 0)
        XCTAssertEqual(w.taps, 12)
        XCTAssertEqual(w.first[0], 2 * 5 - 5)
        XCTAssertEqual(w.w4.count, 4 * w.w.count)
        for o in 0..<40 {
            let row = w.w[(o * 12)..<(o * 12 + 12)]
            XCTAssertEqual(Double(row.reduce(0, +)), 1, accuracy: 1e-6)
            XCTAssertTrue(row.allSatisfy { $0 != 0 })
        }
        // Moved inside [7, 60): the first output's window starts at 7, its outside taps dropped.
        let f = w.fitted(7, 60)!
        XCTAssertEqual(f.first[0], 0)
        XCTAssertEqual(Array(f.w[0..<10]), Array(w.w[2..<12]))
        XCTAssertEqual(Array(f.w[10..<12]), [0, 0])
        XCTAssertEqual(f.first[10], w.first[10] - 7)
    }

    func testTheCheaperOrderIsChosen() {
        // Halving: vertical first (4 units per output pixel and tap against 5).
        XCTAssertTrue(
            LanczosScaleNode.verticalFirst(
                out: IRect(0, 0, 256, 256), source: IRect(0, 0, 525, 525),
                hTaps: 12, vTaps: 12))
        // Doubling: horizontal first, over half as many source rows as output rows.
        XCTAssertFalse(
            LanczosScaleNode.verticalFirst(
                out: IRect(0, 0, 256, 256), source: IRect(0, 0, 137, 137),
                hTaps: 8, vTaps: 8))
    }
}
