import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Box, disc, rectangle and disc morphology, median and gradient against naive
/// neighbourhood loops written here (transparent outside the input), rendered in small
/// tiles so that tile seams are crossed.
final class NeighbourhoodFilterTests: FilterTestCase {
    typealias Offsets = [(Int, Int)]

    func rectOffsets(_ hx: Int, _ hy: Int) -> Offsets {
        var out: Offsets = []
        for dy in -hy...hy { for dx in -hx...hx { out.append((dx, dy)) } }
        return out
    }

    func discOffsets(_ r: Double) -> Offsets {
        let n = Int(r)
        var out: Offsets = []
        for dy in -n...n { for dx in -n...n where Double(dx * dx + dy * dy) <= r * r { out.append((dx, dy)) } }
        return out
    }

    /// Naive reduction of `offsets` around every pixel of `rect`.
    func naive(_ src: PixelBuffer, _ offsets: Offsets, _ rect: IRect, _ f: ([SIMD4<Double>]) -> SIMD4<Double>) -> [SIMD4<Double>]
    {
        var out: [SIMD4<Double>] = []
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                out.append(
                    f(
                        offsets.map { o in
                            let p = src[x + o.0, y + o.1]; return SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w))
                        }))
            }
        }
        return out
    }

    let mean: ([SIMD4<Double>]) -> SIMD4<Double> = { $0.reduce(.zero, +) / Double($0.count) }
    let maximum: ([SIMD4<Double>]) -> SIMD4<Double> = { $0.dropFirst().reduce($0[0]) { pointwiseMax($0, $1) } }
    let minimum: ([SIMD4<Double>]) -> SIMD4<Double> = { $0.dropFirst().reduce($0[0]) { pointwiseMin($0, $1) } }

    func check(
        _ name: String, _ inputs: [String: FilterValue], halo: (Int, Int), _ offsets: Offsets,
        _ f: @escaping ([SIMD4<Double>]) -> SIMD4<Double>, tolerance: Double = 2e-6,
        size: (Int, Int) = (23, 17), tile: Int = 7, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let input = TestImages.random(size.0, size.1, seed: 5)
        let src = try TestImages.render(input)
        let out = try apply(name, input, inputs)
        XCTAssertEqual(
            out.extent,
            Rect(Double(-halo.0), Double(-halo.1), Double(size.0 + 2 * halo.0), Double(size.1 + 2 * halo.1)),
            "\(name) extent", file: file, line: line)
        let rect = IRect(covering: out.extent)
        let got = try TestImages.render(out, rect, tile: tile)
        let want = naive(src, offsets, rect, f)
        var worst = 0.0, i = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let p = got[x, y], d = SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) - want[i]
                worst = max(worst, max(d.max(), -d.min())); i += 1
            }
        }
        XCTAssertLessThanOrEqual(worst, tolerance, "\(name) \(inputs)", file: file, line: line)
    }

    func testBoxBlurIsTheMeanOfTheOddSquareInsideHalfTheRadius() throws {
        // Side 2·⌈r/2⌉ − 1: radius 40 averages 39×39 (Apple's render), 7 and 8 → 7×7, 3 → 3×3.
        for (radius, h) in [(7.0, 3), (8.0, 3), (3.0, 1), (13.0, 6)] {
            try check("CIBoxBlur", ["inputRadius": .number(radius)], halo: (h, h), rectOffsets(h, h), mean)
        }
        XCTAssertEqual(BoxBlurProbe.half(40), 19)
    }

    func testDiscBlurIsTheMeanOverTheDisc() throws {
        for r in [1.0, 2.5, 4.0, 6.3] {
            try check("CIDiscBlur", ["inputRadius": .number(r)], halo: (Int(r), Int(r)), discOffsets(r), mean)
        }
    }

    func testDiscMorphologyIsTheExtremumOverTheDisc() throws {
        for r in [1.0, 2.0, 3.5, 7.0] {
            let h = (Int(r), Int(r))
            try check("CIMorphologyMaximum", ["inputRadius": .number(r)], halo: h, discOffsets(r), maximum, tolerance: 0)
            try check("CIMorphologyMinimum", ["inputRadius": .number(r)], halo: h, discOffsets(r), minimum, tolerance: 0)
        }
    }

    func testRectangleMorphologyRoundsSidesToOddAndTakesTheExtremum() throws {
        for (w, hgt, hx, hy) in [(5.0, 3.0, 2, 1), (4.0, 9.0, 2, 4), (1.0, 7.0, 0, 3), (12.0, 1.0, 6, 0)] {
            let inputs: [String: FilterValue] = ["inputWidth": .number(w), "inputHeight": .number(hgt)]
            try check("CIMorphologyRectangleMaximum", inputs, halo: (hx, hy), rectOffsets(hx, hy), maximum, tolerance: 0)
            try check("CIMorphologyRectangleMinimum", inputs, halo: (hx, hy), rectOffsets(hx, hy), minimum, tolerance: 0)
        }
    }

    func testMedianIsTheMiddleOfTheNineSortedValuesPerChannel() throws {
        let median: ([SIMD4<Double>]) -> SIMD4<Double> = { v in
            SIMD4((0..<4).map { c in v.map { $0[c] }.sorted()[4] })
        }
        try check("CIMedianFilter", [:], halo: (1, 1), rectOffsets(1, 1), median, tolerance: 0)
        // Whole rows of odd and even widths in one tile: the two-pixel vector loop and its
        // tails, in pairs of rows with a last row alone (7 rows) or not (8).
        for (width, height) in [(64, 5), (67, 6)] {
            try check(
                "CIMedianFilter", [:], halo: (1, 1), rectOffsets(1, 1), median, tolerance: 0, size: (width, height), tile: 128)
        }
    }

    func testMorphologyGradientIsDilationMinusErosionWithTheDilationsAlpha() throws {
        let gradient: ([SIMD4<Double>]) -> SIMD4<Double> = { [maximum, minimum] v in
            let hi = maximum(v), lo = minimum(v)
            return SIMD4(hi.x - lo.x, hi.y - lo.y, hi.z - lo.z, hi.w)
        }
        try check("CIMorphologyGradient", ["inputRadius": .number(2)], halo: (2, 2), discOffsets(2), gradient, tolerance: 1e-6)
    }

    func testLargeRadiiStayExactOverManyTiles() throws {
        // Running sums and van Herk blocks larger than the tiles.
        try check("CIBoxBlur", ["inputRadius": .number(40)], halo: (19, 19), rectOffsets(19, 19), mean, tolerance: 1e-5)
        try check(
            "CIMorphologyRectangleMaximum", ["inputWidth": .number(31), "inputHeight": .number(21)],
            halo: (15, 10), rectOffsets(15, 10), maximum, tolerance: 0)
        try check("CIMorphologyMinimum", ["inputRadius": .number(12)], halo: (12, 12), discOffsets(12), minimum, tolerance: 0)
    }

    func testDiscChordsLongerThanThirtyTwoPixelsComeFromTwoRuns() throws {
        // Chords up to 33 pixels (runs of 32 in the chord tables), in a tile wider than the image.
        try check(
            "CIMorphologyMaximum", ["inputRadius": .number(16.5)], halo: (16, 16), discOffsets(16.5), maximum,
            tolerance: 0, size: (3, 2), tile: 64)
    }

    func testOpaqueClampedInputsStayOpaqueAndFinite() throws {
        let photo = TestImages.random(16, 12, seed: 9, opaque: true).clampedToExtent()
        for name in ["CIBoxBlur", "CIDiscBlur", "CIMorphologyMaximum", "CIMedianFilter"] {
            let out = try apply(name, photo, name == "CIMedianFilter" ? [:] : ["inputRadius": .number(5)])
            XCTAssertTrue(out.extent.isInfinite, name)
            let buf = try TestImages.render(out, IRect(-3, -3, 8, 8))
            for i in 0..<buf.rect.count { XCTAssertEqual(buf.pixels[i].w, 1, accuracy: 1e-6, name) }
        }
    }
}

/// Reaches the box blur's radius rule through the filter: the extent's growth is the half side.
enum BoxBlurProbe {
    static func half(_ radius: Double) -> Int {
        let out = try! Filter(name: "CIBoxBlur")
        try! out.set("inputImage", .image(TestImages.random(4, 4)))
        try! out.set("inputRadius", .number(radius))
        return Int(-(try! out.outputImage()).extent.x)
    }
}
