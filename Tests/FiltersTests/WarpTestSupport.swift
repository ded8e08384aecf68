import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Naive references for the warp tests (distortions, tiles): written independently of the
/// pixel core, in Double.
class WarpTestCase: FilterTestCase {
    /// A region of the astronaut photo as an in-memory image (coordinates kept) and its pixels.
    func photo(_ rect: IRect) throws -> (Image, PixelBuffer) {
        let full = try ImageIO.load(Fixtures.astronaut)
        let buf = try TestImages.render(full.cropped(to: rect.rect), rect)
        return (Image(SourceNode(buf)), buf)
    }

    /// An image whose pixels encode their own centre: (x/1000, y/1000, 0, 1). Bilinear sampling
    /// of it is exact, so a warp of it reveals the source position of every output pixel.
    func coordinates(_ rect: IRect) -> Image {
        TestImages.make(rect) { x, y in Pixel(Float((Double(x) + 0.5) / 1000), Float((Double(y) + 0.5) / 1000), 0, 1) }
    }

    /// The source position a warp of `coordinates` read for a pixel.
    func sourcePosition(_ buf: PixelBuffer, _ x: Int, _ y: Int) -> (Double, Double) {
        let p = buf[x, y]
        return (Double(p.x) * 1000, Double(p.y) * 1000)
    }

    func pixel(_ p: Pixel) -> SIMD4<Double> { SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) }

    /// Bilinear sample with pixel centres at +½; transparent outside the buffer.
    func bilinear(_ b: PixelBuffer, _ x: Double, _ y: Double) -> SIMD4<Double> {
        let gx = x - 0.5, gy = y - 0.5
        let ix = Int(floor(gx)), iy = Int(floor(gy))
        let fx = gx - floor(gx), fy = gy - floor(gy)
        var acc = SIMD4<Double>.zero
        for (dx, dy, wgt) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
            acc += pixel(b[ix + dx, iy + dy]) * wgt
        }
        return acc
    }

    /// Bilinear sample of the buffer repeated forever (taps wrap around its rect).
    func periodicBilinear(_ b: PixelBuffer, _ x: Double, _ y: Double) -> SIMD4<Double> {
        let r = b.rect
        func wrap(_ v: Int, _ o: Int, _ n: Int) -> Int { o + (((v - o) % n) + n) % n }
        let gx = x - 0.5, gy = y - 0.5
        let ix = Int(floor(gx)), iy = Int(floor(gy))
        let fx = gx - floor(gx), fy = gy - floor(gy)
        var acc = SIMD4<Double>.zero
        for (dx, dy, wgt) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] {
            acc += pixel(b[wrap(ix + dx, r.x, r.width), wrap(iy + dy, r.y, r.height)]) * wgt
        }
        return acc
    }

    /// Largest channel difference between a render and a per-pixel oracle (nil = transparent).
    func worstError(_ got: PixelBuffer, _ oracle: (Double, Double) -> SIMD4<Double>?) -> Double {
        var worst = 0.0
        for y in got.rect.y..<got.rect.maxY {
            for x in got.rect.x..<got.rect.maxX {
                let want = oracle(Double(x) + 0.5, Double(y) + 0.5) ?? .zero
                let d = pixel(got[x, y]) - want
                worst = max(worst, max(d.max(), -d.min()))
            }
        }
        return worst
    }

    /// Largest difference between the pixel at (x, y) and the pixel `partner` names, over `rect`.
    func worstPairDifference(_ buf: PixelBuffer, _ rect: IRect, _ partner: (Int, Int) -> (Int, Int)) -> Float {
        var worst: Float = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let (px, py) = partner(x, y)
                worst = max(worst, TestImages.maxAbs(buf[x, y] - buf[px, py]))
            }
        }
        return worst
    }

    /// The region of interest a filter's output node asks of its first input for `rect`.
    func roi(_ image: Image, _ rect: IRect) -> Rect { image.node.regionOfInterest(for: rect, input: 0) }

    /// Whether a rect contains a point with the one-pixel margin bilinear taps need.
    func covers(_ r: Rect, _ x: Double, _ y: Double) -> Bool {
        x - 1 >= r.minX && x + 1 <= r.maxX && y - 1 >= r.minY && y + 1 <= r.maxY
    }
}
