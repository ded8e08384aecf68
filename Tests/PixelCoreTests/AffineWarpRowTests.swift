import CKernels
import Foundation
import XCTest

@testable import PixelCore

/// AffineWarpNode's row sampler (the AVX2/AVX-512 kernel of CKernels/warp.c and the Swift
/// loop `LUNETTE_NO_AVX2` keeps) against a double-precision bilinear of the same
/// definition: pixel centres at +0.5, zero outside the source.
final class AffineWarpRowTests: XCTestCase {
    /// A source with values in [0, 1], every fifth pixel transparent, on a rect not at the origin.
    static func source(_ rect: IRect, seed: UInt64 = 7) -> PixelBuffer {
        let b = PixelBuffer(rect)
        var s = seed
        for i in 0..<rect.count {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            let v = Float(s >> 40) / Float(1 << 24)
            let a: Float = i % 5 == 3 ? 0 : 0.25 + 0.75 * Float((s >> 20) & 0xFFFF) / 65535
            b.pixels[i] = i % 5 == 3 ? .zero : Pixel(v * a, (1 - v) * a, v * v * a, a)
        }
        return b
    }

    /// The definition in double: taps outside `src` are zero.
    static func reference(_ src: PixelBuffer, _ inv: Transform, _ x: Int, _ y: Int) -> SIMD4<Double> {
        let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
        let fx = p.x - 0.5, fy = p.y - 0.5
        let x0 = fx.rounded(.down), y0 = fy.rounded(.down)
        let tx = fx - x0, ty = fy - y0
        func tap(_ dx: Int, _ dy: Int) -> SIMD4<Double> {
            let v = src[Int(x0) + dx, Int(y0) + dy]
            return SIMD4(Double(v.x), Double(v.y), Double(v.z), Double(v.w))
        }
        let bottom = tap(0, 0) + (tap(1, 0) - tap(0, 0)) * tx
        let top = tap(0, 1) + (tap(1, 1) - tap(0, 1)) * tx
        return bottom + (top - bottom) * ty
    }

    /// Samples rows of `dst` both ways and checks each pixel against the reference; returns
    /// how many pixels were inside, partly inside and outside the source, to show the runs ran.
    @discardableResult
    func check(
        _ src: PixelBuffer, _ t: Transform, _ dst: IRect, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> (inside: Int, edge: Int, outside: Int) {
        let inv = t.inverted()!
        let fast = PixelBuffer(uninitialized: dst), slow = PixelBuffer(uninitialized: dst)
        var counts = (inside: 0, edge: 0, outside: 0)
        var worst = 0.0, worstAt = (0, 0), worstPath = 0.0
        for ly in 0..<dst.height {
            AffineWarpNode.sampleRow(src, inv, x: dst.x, y: dst.y + ly, count: dst.width, into: fast.row(ly), vector: true)
            AffineWarpNode.sampleRow(src, inv, x: dst.x, y: dst.y + ly, count: dst.width, into: slow.row(ly), vector: false)
            for lx in 0..<dst.width {
                let x = dst.x + lx, y = dst.y + ly
                let r = Self.reference(src, inv, x, y)
                let f = fast.row(ly)[lx], s = slow.row(ly)[lx]
                for c in 0..<4 {
                    worst = max(worst, abs(Double(f[c]) - r[c]), abs(Double(s[c]) - r[c]))
                    worstPath = max(worstPath, abs(Double(f[c] - s[c])))
                    if abs(Double(f[c]) - r[c]) > 1e-5 { worstAt = (x, y) }
                }
                if r == .zero, f != .zero || s != .zero {
                    XCTFail("\(label): (\(x), \(y)) should be transparent: \(f) \(s)", file: file, line: line)
                }
                let p = inv.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let x0 = (p.x - 0.5).rounded(.down) - Double(src.rect.x), y0 = (p.y - 0.5).rounded(.down) - Double(src.rect.y)
                let w = Double(src.width), h = Double(src.height)
                if x0 >= 0, x0 + 1 < w, y0 >= 0, y0 + 1 < h {
                    counts.inside += 1
                } else if x0 + 1 < 0 || x0 >= w || y0 + 1 < 0 || y0 >= h {
                    counts.outside += 1
                } else {
                    counts.edge += 1
                }
            }
        }
        // Values are at most 1: float rounding of the weights and blends stays far below 1e-5.
        XCTAssertLessThan(worst, 1e-5, "\(label): worst error \(worst) at \(worstAt)", file: file, line: line)
        XCTAssertLessThan(worstPath, 1e-5, "\(label): vector and Swift paths differ by \(worstPath)", file: file, line: line)
        return counts
    }

    static func about(_ cx: Double, _ cy: Double, _ t: Transform) -> Transform {
        Transform.translation(-cx, -cy).concatenating(t).concatenating(.translation(cx, cy))
    }

    func testRotationsScalesAndFlipsOnOddSizes() {
        let sizes = [IRect(0, 0, 37, 23), IRect(-5, 7, 19, 30), IRect(3, -2, 2, 2), IRect(0, 0, 64, 9)]
        let transforms: [(String, Transform)] = [
            ("rotate 10°", .rotation(10 * .pi / 180)), ("rotate -33°", .rotation(-33 * .pi / 180)),
            ("rotate 90°", .rotation(.pi / 2)), ("rotate 180°", .rotation(.pi)), ("rotate 1e-4", .rotation(1e-4)),
            ("scale 0.37", .scale(0.37, 0.37)), ("scale 2.5×1.7", .scale(2.5, 1.7)),
            ("flip x", .scale(-1, 1)), ("flip y", .scale(1, -1)),
            ("flip both, rotate 7°", Transform.scale(-1, -1).concatenating(.rotation(0.12))),
            ("shear", Transform(1, 0.3, -0.45, 1.2, 0, 0)),
        ]
        var total = (inside: 0, edge: 0, outside: 0)
        for src in sizes.map({ Self.source($0) }) {
            for (name, t) in transforms {
                let m = Self.about(
                    Double(src.rect.x) + Double(src.width) / 2 + 0.3, Double(src.rect.y) + Double(src.height) / 2 - 0.2, t)
                // Destination: the transformed source's box and a margin, so rows enter and leave it.
                let box = IRect(covering: m.apply(src.rect.rect)).grown(3, 2)
                let c = check(src, m, box, "\(name) of \(src.rect)")
                total.inside += c.inside; total.edge += c.edge; total.outside += c.outside
            }
        }
        XCTAssertGreaterThan(total.inside, 5000)
        XCTAssertGreaterThan(total.edge, 1000)
        XCTAssertGreaterThan(total.outside, 1000)
    }

    func testEveryRowLengthAndStart() {
        // Rows of every length 1…40 from several starts: every tail of the 8- and 4-pixel loops.
        let src = Self.source(IRect(0, 0, 61, 11))
        let m = Self.about(30.5, 5.5, Transform.rotation(0.05).concatenating(.scale(0.93, 1.04)))
        for n in 1...40 {
            for x0 in [-3, 0, 5, 22] { check(src, m, IRect(x0, 2, n, 3), "row of \(n) from \(x0)") }
        }
    }

    func testNearIntegerTranslationsAndHalfPixels() {
        let src = Self.source(IRect(0, 0, 29, 13))
        for (dx, dy) in [(3 + 1e-9, -2 - 1e-12), (0.5, 0), (-1e-13, 1e-13), (2.999999999, 4.5), (-0.5, 0.5 + 1e-10)] {
            let m = Transform.translation(dx, dy)
            let c = check(src, m, IRect(-4, -4, 38, 22), "translate (\(dx), \(dy))")
            XCTAssertGreaterThan(c.inside, 0)
        }
        // Nearly identity with a tiny rotation: positions cross integers along each row.
        check(src, Self.about(14.5, 6.5, .rotation(3e-9)), IRect(-2, -2, 33, 17), "rotate 3e-9")
    }

    func testFarCoordinatesOfAnEightKImage() {
        // A window of an 8K-wide source at its far corner: positions near 7680 keep their
        // fractions (double positions), as a whole 8K rotation would need.
        let src = Self.source(IRect(7600, 4250, 80, 70))
        let m = Self.about(3840, 2160, .rotation(10 * .pi / 180))
        let c = check(src, m, IRect(covering: m.apply(src.rect.rect)).grown(2, 2), "8K corner")
        XCTAssertGreaterThan(c.inside, 3000)
    }

    func testTiledRenderMatchesTheReference() throws {
        // Through the renderer: small tiles, the source read in place where a tile's region
        // fits the image and rendered (clipped to its extent) where it does not.
        let src = Self.source(IRect(0, 0, 45, 31))
        let m = Self.about(22.5, 15.5, .rotation(10 * .pi / 180))
        let image = Image(SourceNode(src)).transformed(by: m).cropped(to: Rect(0, 0, 45, 31))
        let out = try Context(threads: 2, tileSize: 16).render(image, rect: IRect(0, 0, 45, 31))
        let inv = m.inverted()!
        var worst = 0.0
        for y in 0..<31 {
            for x in 0..<45 {
                let r = Self.reference(src, inv, x, y), p = out.row(y)[x]
                for c in 0..<4 { worst = max(worst, abs(Double(p[c]) - r[c])) }
            }
        }
        XCTAssertLessThan(worst, 1e-5)
    }

    func testIntegerShiftCopiesRows() throws {
        // Whole-pixel translations copy rows (read in place where the tile fits the image).
        let src = Self.source(IRect(0, 0, 45, 31))
        let image = Image(SourceNode(src)).transformed(by: .translation(3, -2)).cropped(to: Rect(0, 0, 45, 31))
        let out = try Context(threads: 2, tileSize: 16).render(image, rect: IRect(0, 0, 45, 31))
        for y in 0..<31 {
            for x in 0..<45 { XCTAssertEqual(out.row(y)[x], src[x - 3, y + 2], "(\(x), \(y))") }
        }
    }
}

/// The C kernel alone: it must find where a row leaves the source by itself and stop there.
final class AffineWarpKernelTests: XCTestCase {
    func testKernelStopsWhereTheRowLeavesTheSource() throws {
        try XCTSkipUnless(AffineWarpNode.kernelRuns, "no AVX2 + FMA on this CPU")
        let src = AffineWarpRowTests.source(IRect(0, 0, 23, 17))
        let s = UnsafeRawPointer(src.pixels).assumingMemoryBound(to: Float.self)
        let out = UnsafeMutablePointer<Pixel>.allocate(capacity: 64)
        defer { out.deallocate() }
        var stops = Set<Int>()
        for (fx0, fy0, dx, dy) in [
            (0.25, 0.5, 0.97, 0.21), (21.9, 15.3, -0.8, -0.33), (3.0, 1e-9, 0.5, 0.0),
            (0.0, 15.999, 0.3, -0.02), (5.5, 2.5, 0.0, 1.1), (20.5, 3.25, 1.0, 0.0),
        ] {
            for count in [1, 3, 8, 13, 40, 64] {
                out.update(repeating: Pixel(repeating: -7), count: 64)
                let n = lunette_warp_bilinear_row_avx2(
                    s, 23, 17, 23, UnsafeMutableRawPointer(out).assumingMemoryBound(to: Float.self),
                    count, fx0, fy0, dx, dy, 0.1, 1.0)
                // Expected: the leading run of pixels whose four taps are inside.
                var expect = 0
                while expect < count {
                    let x0 = (fx0 + Double(expect) * dx).rounded(.down), y0 = (fy0 + Double(expect) * dy).rounded(.down)
                    guard x0 >= 0, x0 <= 21, y0 >= 0, y0 <= 15 else { break }
                    expect += 1
                }
                XCTAssertEqual(n, expect, "start (\(fx0), \(fy0)) step (\(dx), \(dy)) count \(count)")
                stops.insert(n)
                for i in 0..<count {
                    let p = out[i]
                    if i >= n { XCTAssertEqual(p, Pixel(repeating: -7), "pixel \(i) past the run was written"); continue }
                    let fx = fx0 + Double(i) * dx, fy = fy0 + Double(i) * dy
                    let x0 = fx.rounded(.down), y0 = fy.rounded(.down), tx = fx - x0, ty = fy - y0
                    func tap(_ a: Int, _ b: Int) -> SIMD4<Double> {
                        let v = src[Int(x0) + a, Int(y0) + b]
                        return SIMD4(Double(v.x), Double(v.y), Double(v.z), Double(v.w))
                    }
                    let e = (tap(0, 0) * (1 - tx) + tap(1, 0) * tx) * (1 - ty) + (tap(0, 1) * (1 - tx) + tap(1, 1) * tx) * ty
                    for c in 0..<4 { XCTAssertEqual(Double(p[c]), e[c], accuracy: 1e-5, "pixel \(i)") }
                }
            }
        }
        XCTAssertTrue(stops.count > 4, "runs should end at various places: \(stops)")
    }
}
