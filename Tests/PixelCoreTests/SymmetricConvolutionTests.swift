import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// The symmetric separable passes (unrolled Swift loops, or AVX2 + FMA where the CPU has
/// it) against a direct double-precision convolution, over widths that leave every tail
/// (6-, 2- and 1-pixel steps), heights that leave 0–3 rows after the four-row column
/// groups, and the radii Gaussian blurs use.
final class SymmetricConvolutionTests: XCTestCase {
    func testSymmetricPassesMatchADirectConvolution() throws {
        for (sigma, width, height) in [(0.6, 1, 9), (1.0, 13, 10), (2.0, 37, 11), (2.9, 70, 12), (2.0, 6, 3)] {
            let k = Convolution.gaussianWeights(sigma: sigma)
            let r = k.count / 2
            XCTAssertTrue(Convolution.isSymmetric(k))
            let dst = PixelBuffer(IRect(3, -2, width, height))
            let src = try TestImages.render(
                TestImages.random(
                    width + 2 * r, height + 2 * r, seed: UInt64(width),
                    origin: (3 - r, -2 - r)), dst.rect.grown(r, r))
            Convolution.separable(src, dst, k, k)
            var worst: Double = 0
            for y in dst.rect.y..<dst.rect.maxY {
                for x in dst.rect.x..<dst.rect.maxX {
                    var acc = SIMD4<Double>.zero
                    for j in 0..<k.count {
                        for i in 0..<k.count {
                            let p = src[x - r + i, y - r + j]
                            acc += SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) * Double(k[i]) * Double(k[j])
                        }
                    }
                    let got = dst[x, y]
                    let d = SIMD4<Double>(Double(got.x), Double(got.y), Double(got.z), Double(got.w)) - acc
                    worst = max(worst, d.max(), -d.min())
                }
            }
            XCTAssertLessThan(worst, 1e-5, "σ \(sigma), width \(width)")
        }
    }

    /// The shared-load loops (six pixels of a row, four rows of a column per step) give the
    /// same floats, bit for bit, as one pixel and one row at a time: stills stay unchanged.
    func testSharedLoadLoopsMatchPixelByPixelBitForBit() throws {
        for sigma in [0.7, 1.5, 2.0, 2.9] {
            let k = Convolution.gaussianWeights(sigma: sigma)
            let r = k.count / 2, w = 29, rows = 2 * r + 4
            let src = try TestImages.render(
                TestImages.random(w + 2 * r, rows, seed: UInt64(r), origin: (0, 0)), IRect(0, 0, w + 2 * r, rows))
            let wide = PixelBuffer(IRect(0, 0, w, rows)), single = PixelBuffer(IRect(0, 0, w, rows))
            k.withUnsafeBufferPointer { kp in
                for y in 0..<rows {
                    Convolution.symmetricRow(src.row(y), wide.row(y), w, kp.baseAddress!, radius: r)
                    for x in 0..<w { Convolution.symmetricRow(src.row(y) + x, single.row(y) + x, 1, kp.baseAddress!, radius: r) }
                }
                XCTAssertEqual(Self.floats(wide), Self.floats(single), "rows, σ \(sigma)")
                let rowPointers = (0..<rows).map { UnsafePointer(wide.row($0)) }
                let four = PixelBuffer(IRect(0, 0, w, 4)), one = PixelBuffer(IRect(0, 0, w, 4))
                rowPointers.withUnsafeBufferPointer { rp in
                    let outs = (0..<4).map { four.row($0) }
                    outs.withUnsafeBufferPointer { op in
                        Convolution.symmetricColumn4(rp.baseAddress!, op.baseAddress!, w, kp.baseAddress!, radius: r)
                    }
                    for j in 0..<4 { Convolution.symmetricColumn(rp.baseAddress! + j, one.row(j), w, kp.baseAddress!, radius: r) }
                }
                XCTAssertEqual(Self.floats(four), Self.floats(one), "columns, σ \(sigma)")
            }
        }
    }

    /// A blur of a clamped image reads the clamp's input and extends its edges row by row:
    /// bit for bit what the clamp rendered into a larger buffer first gives, on tiles
    /// inside, across and wholly outside the box's edges.
    func testClampedBlurReadsTheClampsInputBitForBit() throws {
        let source = TestImages.random(40, 30, seed: 9, origin: (5, -3))
        // A loaded image (read in place) and a moved one (rendered: the video path's case).
        for img in [source, source.transformed(by: .translation(3, 2))] {
            let out = Rect(-20, -24, 85, 72)
            let clamped = try TestImages.render(img.clampedToExtent(), IRect(-40, -44, 125, 112))
            let direct = img.clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: out)
            let materialised = Image(SourceNode(clamped)).gaussianBlurred(sigma: 2).cropped(to: out)
            let a = try TestImages.render(direct, tile: 16), b = try TestImages.render(materialised, tile: 16)
            XCTAssertEqual(Self.floats(a), Self.floats(b))
        }
    }

    /// Every channel of every row, as bit patterns (so −0 and 0 differ too).
    static func floats(_ b: PixelBuffer) -> [UInt32] {
        (0..<b.height).flatMap { y in
            UnsafeBufferPointer(start: b.row(y), count: b.width).flatMap { p in
                [p.x.bitPattern, p.y.bitPattern, p.z.bitPattern, p.w.bitPattern]
            }
        }
    }

    func testAsymmetricKernelsKeepTheGeneralLoops() {
        XCTAssertFalse(Convolution.isSymmetric([0.2, 0.5, 0.3]))
        XCTAssertFalse(Convolution.isSymmetric([0.5, 0.5]))
        let src = PixelBuffer(IRect(-1, -1, 7, 3))
        for i in 0..<src.rect.count { src.pixels[i] = Pixel(repeating: Float(i % 7)) }
        let dst = PixelBuffer(IRect(0, 0, 5, 1))
        Convolution.separable(src, dst, [0.2, 0.5, 0.3], [0, 1, 0])
        // Column x reads x − 1, x, x + 1 of its row (values x, x + 1, x + 2 at x ≥ 0).
        for x in 0..<5 { XCTAssertEqual(dst[x, 0].x, 0.2 * Float(x) + 0.5 * Float(x + 1) + 0.3 * Float(x + 2), accuracy: 1e-5) }
    }
}
