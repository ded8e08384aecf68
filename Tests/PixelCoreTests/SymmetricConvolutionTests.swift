import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// The symmetric separable passes (unrolled Swift loops, or AVX2 + FMA where the CPU has
/// it) against a direct double-precision convolution, over widths that leave every tail
/// (8-, 4-, 2- and 1-pixel steps) and the radii Gaussian blurs use.
final class SymmetricConvolutionTests: XCTestCase {
    func testSymmetricPassesMatchADirectConvolution() throws {
        for (sigma, width) in [(0.6, 1), (1.0, 13), (2.0, 37), (2.9, 70)] {
            let k = Convolution.gaussianWeights(sigma: sigma)
            let r = k.count / 2
            XCTAssertTrue(Convolution.isSymmetric(k))
            let dst = PixelBuffer(IRect(3, -2, width, 9))
            let src = try TestImages.render(
                TestImages.random(
                    width + 2 * r, 9 + 2 * r, seed: UInt64(width),
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
