import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// Fused chains compose neighbouring kernels that are affine on opaque pixels: opaque pixels
/// get the composed map (equal to the steps one by one within float rounding), translucent
/// ones each step in turn (exactly as unfused), and non-affine kernels split the runs.
final class PointFusionTests: XCTestCase {
    /// An affine map on opaque pixels; translucent pixels get a different, non-affine rule
    /// (so a test would see them routed through the composed map).
    struct AffineStep: PointKernel {
        let affine: AffineRGB
        var preservesAlpha: Bool { true }
        var opaqueStep: OpaqueStep? { .affine(affine) }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            affine.apply(dst, count) { p in Pixel(p.x * p.x + 0.1, p.y * 0.5, p.z + p.x, p.w) }
        }
    }

    /// Not affine: squares the colour.
    struct Square: PointKernel {
        var preservesAlpha: Bool { true }
        func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
            for i in 0..<count { dst[i] = Pixel(dst[i].x * dst[i].x, dst[i].y * dst[i].y, dst[i].z * dst[i].z, dst[i].w) }
        }
    }

    let steps: [any PointKernel] = [
        AffineStep(
            affine: AffineRGB(
                Pixel(1.2, 0.1, 0, 0), Pixel(0.05, 0.9, 0.1, 0), Pixel(-0.1, 0, 1.3, 0),
                offset: Pixel(0.01, -0.02, 0.03, 0))),
        AffineStep(affine: AffineRGB(Pixel(0.8, 0, 0.2, 0), Pixel(0, 1.1, 0, 0), Pixel(0.3, 0.1, 0.7, 0))),
        Square(),
        AffineStep(
            affine: AffineRGB(
                Pixel(1, 0.2, 0, 0), Pixel(0, 1, 0.2, 0), Pixel(0.2, 0, 1, 0),
                offset: Pixel(0.05, 0.05, 0.05, 0))),
        AffineStep(
            affine: AffineRGB(
                Pixel(0.5, 0, 0, 0), Pixel(0, 0.5, 0, 0), Pixel(0, 0, 0.5, 0),
                offset: Pixel(0.1, 0, 0, 0))),
        AffineStep(affine: AffineRGB(Pixel(0.9, 0.05, 0.05, 0), Pixel(0.05, 0.9, 0.05, 0), Pixel(0.05, 0.05, 0.9, 0))),
    ]

    func testRunsOfAffineKernelsAreComposed() {
        let fused = PointFusion.composed(steps)
        XCTAssertEqual(fused.count, 3)
        XCTAssertEqual((fused[0] as? ComposedAffineKernel)?.parts.count, 2)
        XCTAssertTrue(fused[1] is Square)
        XCTAssertEqual((fused[2] as? ComposedAffineKernel)?.parts.count, 3)
        XCTAssertEqual(PointFusion.composed([steps[2], steps[0], steps[2]]).count, 3, "a lone affine kernel stays itself")
    }

    func testComposedMapEqualsTheStepsInTurn() {
        let a = AffineRGB(
            Pixel(1.2, 0.1, 0, 0), Pixel(0.05, 0.9, 0.1, 0), Pixel(-0.1, 0, 1.3, 0), offset: Pixel(0.01, -0.02, 0.03, 0))
        let b = AffineRGB(Pixel(0.8, 0, 0.2, 0), Pixel(0, 1.1, 0, 0), Pixel(0.3, 0.1, 0.7, 0), offset: Pixel(0.2, 0, -0.1, 0))
        let ab = a.then(b)
        for p in [Pixel(0.3, 0.6, 0.9, 1), Pixel(-1, 2, 0.5, 1), Pixel(0, 0, 0, 1)] {
            let want = b(a(p)), got = ab(p)
            XCTAssertLessThan(TestImages.maxAbs(got - want), 1e-6, "\(p)")
            XCTAssertEqual(got.w, 1)
        }
    }

    /// The chain over an image whose rows mix opaque and translucent pixels, fused (bands and
    /// tiles, one and two threads) against every step applied to the whole image in turn.
    func testFusedChainMatchesStepByStep() throws {
        let rect = IRect(0, 0, 53, 19)
        let base = try TestImages.render(TestImages.random(53, 19, seed: 4, opaque: true), rect)
        let src = TestImages.make(rect) { x, y in
            let p = base[x, y]
            guard (x * 7 + y) % 5 == 0 else { return p }
            let a: Float = 0.3 + Float(x % 3) * 0.2
            return Pixel(p.x * a, p.y * a, p.z * a, a)
        }
        let input = try TestImages.render(src, rect)
        let want = PixelBuffer(rect)
        want.copy(from: input)
        for k in steps { k.apply(want.pixels, [], rect.count) }
        let chained = steps.reduce(src) { Image(PointNode([$0], $1)) }
        for (threads, tile) in [(1, 8), (2, 64)] {
            let got = try TestImages.render(chained, rect, threads: threads, tile: tile)
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let g = got[x, y], w = want[x, y]
                    if input[x, y].w == 1 {
                        XCTAssertLessThan(TestImages.maxAbs(g - w), 1e-5, "opaque pixel (\(x), \(y))")
                        XCTAssertEqual(g.w, 1)
                    } else {
                        XCTAssertEqual(g, w, "translucent pixel (\(x), \(y)) takes every step exactly")
                    }
                }
            }
        }
    }
}
