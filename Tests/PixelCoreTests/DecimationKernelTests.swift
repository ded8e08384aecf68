import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// The decimated Gaussian's row loops (AVX2 + FMA where the CPU has it, and the Swift loops)
/// against double-precision sums over odd widths, clipped edges and every phase; and the
/// whole decimated blur against the same plan computed naively in Double.
final class DecimationKernelTests: XCTestCase {
    func d(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) }
    func gap(_ a: Pixel, _ b: SIMD4<Double>) -> Double {
        let e = d(a) - b
        return max(e.max(), -e.min())
    }

    /// Both variants where the CPU has AVX2, else the Swift loops alone.
    var variants: [Bool] { Convolution.avx2 ? [false, true] : [false] }

    func testPrefilterRowMatchesADirectSum() throws {
        for (sigma, width) in [(3.0, 1), (10.0, 37), (10.0, 61), (23.5, 150)] {
            let plan = DecimationPlan(sigma: sigma, inputExtent: .infinite)
            let src = try TestImages.render(TestImages.random(width, 1, seed: UInt64(width)))
            let n = plan.prefilter.count, f = plan.f
            // Columns from wholly left of the row to wholly right of it.
            let x0 = -n - 2 * f + 1, count = (width + 2 * n) / f + 3
            for vectorized in variants {
                var out = [Pixel](repeating: Pixel(repeating: -1), count: count)
                out.withUnsafeMutableBufferPointer { o in
                    plan.prefilterRow(
                        src.row(0), width: width, x0: x0, into: o.baseAddress!, count: count, vectorized: vectorized)
                }
                var worst = 0.0
                for c in 0..<count {
                    var acc = SIMD4<Double>.zero
                    for i in 0..<n where (0..<width).contains(x0 + c * f + i) {
                        acc += d(src.row(0)[x0 + c * f + i]) * Double(plan.prefilter[i])
                    }
                    worst = max(worst, gap(out[c], acc))
                }
                XCTAssertLessThan(worst, 2e-6, "σ = \(sigma), width \(width), vectorized \(vectorized)")
            }
        }
    }

    func testInterpolateRowMatchesADirectSum() throws {
        for (sigma, x0, width) in [(3.0, -7, 1), (10.0, -13, 2), (10.0, 4, 41), (17.0, -33, 77), (40.0, 19, 203)] {
            let plan = DecimationPlan(sigma: sigma, inputExtent: .infinite)
            let f = plan.f, S = plan.S, taps = 2 * S + 1
            let vx = floorDiv(x0, f) - S, vw = floorDiv(x0 + width - 1, f) + S + 1 - vx
            let v = try TestImages.render(TestImages.random(vw, 1, seed: UInt64(vw)))
            for vectorized in variants {
                var out = [Pixel](repeating: Pixel(repeating: -1), count: width)
                out.withUnsafeMutableBufferPointer { o in
                    plan.interpolateRow(v.row(0), vx: vx, into: o.baseAddress!, x0: x0, width: width, vectorized: vectorized)
                }
                var worst = 0.0
                for i in 0..<width {
                    let x = x0 + i, j = floorDiv(x, f), phase = x - j * f
                    var acc = SIMD4<Double>.zero
                    for t in 0..<taps { acc += d(v.row(0)[j - S - vx + t]) * Double(plan.up[phase * taps + t]) }
                    worst = max(worst, gap(out[i], acc))
                }
                XCTAssertLessThan(worst, 2e-6, "σ = \(sigma), x0 \(x0), width \(width), vectorized \(vectorized)")
            }
        }
    }

    /// The blur the plan describes, in Double: prefilter and sample every f pixels (zero
    /// outside the input), blur at low resolution, interpolate back. The rendered node must
    /// give the same picture up to float rounding, whatever the tiles.
    func testDecimatedBlurEqualsThePlanInDouble() throws {
        let input = TestImages.random(53, 41, seed: 11, origin: (-3, 2))
        let src = try TestImages.render(input)
        for sigma in [3.0, 10.0, 14.5] {
            let node = GaussianBlurNode(input, sigma: sigma)
            let plan = try XCTUnwrap(node.plan)
            let f = plan.f, m = plan.m, S = plan.S, R = plan.lowRadius, taps = 2 * S + 1
            let out = IRect(covering: node.extent)
            // Low-resolution samples every output reads, with the low blur's halo.
            let lx = floorDiv(out.x, f) - S - R, ly = floorDiv(out.y, f) - S - R
            let lw = floorDiv(out.maxX - 1, f) + S + R + 1 - lx + 1, lh = floorDiv(out.maxY - 1, f) + S + R + 1 - ly + 1
            // Separable sums: source rows prefiltered horizontally, then vertically.
            let n = plan.prefilter.count
            var rows = [[SIMD4<Double>]](repeating: [], count: src.height)
            for sy in 0..<src.height {
                rows[sy] = (0..<lw).map { k in
                    var acc = SIMD4<Double>.zero
                    for i in 0..<n where (src.rect.x..<src.rect.maxX).contains((lx + k) * f - m + i) {
                        acc += d(src[(lx + k) * f - m + i, src.rect.y + sy]) * Double(plan.prefilter[i])
                    }
                    return acc
                }
            }
            var decimated = [SIMD4<Double>](repeating: .zero, count: lw * lh)
            for l in 0..<lh {
                for j in 0..<n {
                    let sy = (ly + l) * f - m + j - src.rect.y
                    guard (0..<src.height).contains(sy) else { continue }
                    for k in 0..<lw { decimated[l * lw + k] += rows[sy][k] * Double(plan.prefilter[j]) }
                }
            }
            func blurred(_ k: Int, _ l: Int) -> SIMD4<Double> {
                var acc = SIMD4<Double>.zero
                for b in -R...R {
                    for a in -R...R {
                        let w = Double(plan.low[a + R]) * Double(plan.low[b + R])
                        acc += decimated[(l + b - ly) * lw + (k + a - lx)] * w
                    }
                }
                return acc
            }
            var low: [Int: SIMD4<Double>] = [:]
            func lowAt(_ k: Int, _ l: Int) -> SIMD4<Double> {
                let key = l * 100_000 + k
                if let v = low[key] { return v }
                let v = blurred(k, l)
                low[key] = v
                return v
            }
            let got = try Context(threads: 2, tileSize: 23).render(Image(node), rect: out)
            var worst = 0.0
            for y in out.y..<out.maxY {
                let jy = floorDiv(y, f), py = y - jy * f
                // Vertical interpolation at low resolution, then horizontal.
                var column: [Int: SIMD4<Double>] = [:]
                for k in (floorDiv(out.x, f) - S)...(floorDiv(out.maxX - 1, f) + S) {
                    var acc = SIMD4<Double>.zero
                    for t in 0..<taps { acc += lowAt(k, jy - S + t) * Double(plan.up[py * taps + t]) }
                    column[k] = acc
                }
                for x in out.x..<out.maxX {
                    let jx = floorDiv(x, f), px = x - jx * f
                    var acc = SIMD4<Double>.zero
                    for s in 0..<taps { acc += column[jx - S + s]! * Double(plan.up[px * taps + s]) }
                    worst = max(worst, gap(got[x, y], acc))
                }
            }
            XCTAssertLessThan(worst, 1e-5, "σ = \(sigma)")
        }
    }
}
