import Foundation
import PixelCore
import TestSupport
import XCTest

/// The fast paths of the renderer give exactly what a pixel-by-pixel evaluation gives:
/// fused point chains in full-width bands written in place, loaded pixels read in place,
/// row-wise convolution loops (up to the rounding of fused multiply-adds on AVX2).
final class RenderPathTests: XCTestCase {
    let f1: @Sendable (Pixel) -> Pixel = { $0 * 1.5 }
    let f2: @Sendable (Pixel) -> Pixel = { Pixel($0.y, $0.z, $0.x, $0.w) }
    let f3: @Sendable (Pixel) -> Pixel = { $0 + Pixel(0.01, 0.02, 0, 0) }

    func testFusedPointChainMatchesPixelByPixel() throws {
        let src = TestImages.random(300, 70, seed: 5, origin: (-3, 2))
        let img = src.mapped(f1).mapped(f2).mapped(f3)
        let rect = IRect(covering: img.extent)
        let source = try Context(threads: 1).render(src, rect: rect)
        for (threads, tile) in [(1, 16), (3, 64)] {
            let got = try Context(threads: threads, tileSize: tile).render(img, rect: rect)
            for i in 0..<rect.count {
                XCTAssertEqual(got.pixels[i], f3(f2(f1(source.pixels[i]))), "pixel \(i)")
                if got.pixels[i] != f3(f2(f1(source.pixels[i]))) { return }
            }
        }
    }

    func testChainReadTwiceOrCroppedStaysCorrect() throws {
        let src = TestImages.random(40, 30, seed: 8)
        let mid = src.mapped(f1)
        // `mid` feeds two consumers, and the crop clears pixels between steps.
        let both = Image(PointNode([mid.mapped(f2), mid], SourceOverKernel()))
        let cropped = mid.cropped(to: Rect(5, 5, 20, 10)).mapped(f3)
        let rect = IRect(0, 0, 40, 30)
        let s = try Context(threads: 1).render(src, rect: rect)
        let a = try Context(threads: 2, tileSize: 8).render(both, rect: rect)
        let b = try Context(threads: 2, tileSize: 8).render(cropped, rect: rect)
        for y in 0..<30 {
            for x in 0..<40 {
                let p = f1(s[x, y]), top = f2(p)
                XCTAssertEqual(a[x, y], top + p * (1 - top.w))
                let inside = x >= 5 && x < 25 && y >= 5 && y < 15
                XCTAssertEqual(b[x, y], inside ? f3(p) : .zero)
            }
        }
    }

    func testConvolutionsReadLoadedPixelsInPlace() throws {
        let src = TestImages.random(50, 40, seed: 2)
        let w: [Float] = [0, -1, 0.5, -1, 5, -1, 0.25, -1, 0]
        let img = src.clampedToExtent().convolved(w, columns: 3, rows: 3, bias: 0.01).cropped(to: src.extent)
        let got = try Context(threads: 2, tileSize: 16).render(img, rect: IRect(0, 0, 50, 40))
        let s = try Context(threads: 1).render(src, rect: IRect(0, 0, 50, 40))
        func at(_ x: Int, _ y: Int) -> Pixel { s[min(max(x, 0), 49), min(max(y, 0), 39)] }
        for y in 0..<40 {
            for x in 0..<50 {
                var acc = Pixel(repeating: 0.01)
                for r in 0..<3 { for c in 0..<3 where w[r * 3 + c] != 0 { acc += at(x + c - 1, y + 1 - r) * w[r * 3 + c] } }
                let want = acc.replacing(with: 0, where: acc .< 0).replacing(with: 1, where: acc .> 1)
                // Exact for the Swift loop; the AVX2 loop fuses each multiply-add (rounding only).
                let d: Pixel = got[x, y] - want
                let off = max(d.max(), -d.min()), err: Float = Convolution.avx2 ? 1e-5 : 0
                XCTAssertLessThanOrEqual(off, err, "(\(x), \(y))")
                if off > err { return }
            }
        }
    }

    /// Tiles of an area filter are written straight into the output image (views whose rows
    /// are the image's width apart); a point step after it runs on such a view row by row.
    func testTilesWriteStraightIntoTheOutput() throws {
        let src = TestImages.random(70, 45, seed: 12, origin: (-3, 2))
        let w: [Float] = (0..<25).map { Float(($0 * 7) % 11) / 40 - 0.1 }
        let conv = src.convolved(w, columns: 5, rows: 5, bias: 0.01)
        let rect = IRect(covering: conv.extent)
        let need = rect.grown(2, 2)
        let s = try Context(threads: 1).render(src, rect: need)
        let want = PixelBuffer(rect)
        Convolution.correlate(s, want, w, columns: 5, rows: 5, bias: 0.01)
        for (threads, tile) in [(1, 16), (2, 24), (2, 256)] {
            let got = try Context(threads: threads, tileSize: tile).render(conv, rect: rect)
            XCTAssertEqual(TestImages.maxDifference(got, want), 0, "tiles \(tile)")
            let then = try Context(threads: threads, tileSize: tile).render(conv.mapped(f1), rect: rect)
            var worst: Float = 0
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX { worst = max(worst, TestImages.maxAbs(then[x, y] - f1(want[x, y]))) }
            }
            XCTAssertEqual(worst, 0, "point step after the area step, tiles \(tile)")
            let part = IRect(rect.x + 5, rect.y + 3, 40, 30)
            let crop = try Context(threads: threads, tileSize: tile).render(conv.cropped(to: part.rect), rect: rect)
            XCTAssertEqual(crop[part.x, part.y], want[part.x, part.y])
            XCTAssertEqual(crop[part.x - 1, part.y], .zero, "cropped away")
        }
    }
}
