import CKernels
import Foundation
import PixelCore
import TestSupport
import XCTest

/// `Context.render8`: the median on 8-bit codes gives the float path's bytes exactly, falls
/// back to floats where a band is not opaque, and matches a naive median of the codes; so do
/// disc dilation and erosion.
final class Render8Tests: XCTestCase {
    /// Random codes over `rect`; alpha 255 unless `alpha` says otherwise for a pixel.
    func codes(_ rect: IRect, seed: UInt64, alpha: (Int, Int) -> UInt8 = { _, _ in 255 }) -> Bitmap8 {
        let noise = TestImages.noise(seed: seed)
        let b = Bitmap8(rect)
        for ly in 0..<rect.height {
            let row = b.row(ly)
            for lx in 0..<rect.width {
                for c in 0..<3 { row[4 * lx + c] = UInt8((noise() + 0.5) * 255.99) }
                row[4 * lx + 3] = alpha(rect.x + lx, rect.y + ly)
            }
        }
        return b
    }

    /// The float render of `image` encoded as the PNG writer encodes it.
    func floatBytes(_ image: Image, _ rect: IRect) throws -> [UInt8] {
        let pixels = try Context(threads: 2, tileSize: 16).render(image, rect: rect)
        var out = [UInt8](repeating: 0, count: rect.count * 4)
        Transfer.withEncode8Table { table in
            out.withUnsafeMutableBufferPointer { o in
                for ly in 0..<rect.height {
                    UnsafeMutableRawPointer(pixels.row(ly)).withMemoryRebound(to: Float.self, capacity: rect.width * 4) {
                        lunette_encode8_row($0, rect.width, o.baseAddress! + ly * rect.width * 4, 4, table)
                    }
                }
            }
        }
        return out
    }

    func bytes(_ b: Bitmap8) -> [UInt8] { Array(UnsafeBufferPointer(start: b.bytes, count: b.rect.count * 4)) }

    /// `filter` of the codes clamped and cropped back (`--present`), and plain (the extent
    /// grows: its edge tiles read transparent pixels, so they render in floats), in 8 bits
    /// equals the float render's bytes; the presented one runs on codes everywhere.
    func assertCodesAgree(_ source: Image, _ rect: IRect, _ label: String, _ filter: (Image) -> Image) throws {
        for image in [filter(source.clampedToExtent()).cropped(to: rect.rect), filter(source)] {
            let r = try Context.renderRect(for: image)
            let got = try Context(threads: 2).render8(image, rect: r)
            XCTAssertEqual(bytes(got), try floatBytes(image, r), "\(label) \(image.extent)")
            if image.extent == rect.rect { XCTAssertEqual(got.pixelsFromCodes, rect.count, "\(label): every pixel from codes") }
        }
    }

    func testEveryCodeDecodesAndEncodesBackToItself() {
        let table = Transfer.decodeTable(bits: 8, curve: .srgb)
        for code in 0...255 {
            XCTAssertEqual(Transfer.encode8(table[code]), UInt8(code), "code \(code)")
            if code > 0 { XCTAssertGreaterThan(table[code], table[code - 1], "the decode is strictly increasing") }
        }
    }

    func testOpaqueMedianRunsOnCodesAndEqualsTheFloatPath() throws {
        for (i, (w, h)) in [(1, 1), (2, 3), (37, 5), (67, 70), (9, 33)].enumerated() {
            let rect = IRect(3, -2, w, h)
            let source = Image(Source8Node(codes(rect, seed: UInt64(i + 1))))
            try assertCodesAgree(source, rect, "\(w)×\(h)") { $0.median3x3() }
        }
    }

    func testAMedianOfCodesIsTheNaiveMedianWithClampedEdges() throws {
        let rect = IRect(0, 0, 41, 19)
        let b = codes(rect, seed: 9)
        let image = Image(Source8Node(b)).clampedToExtent().median3x3().cropped(to: rect.rect)
        let got = try Context(threads: 2).render8(image, rect: rect)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                for c in 0..<4 {
                    var v: [UInt8] = []
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let sx = min(max(x + dx, 0), rect.width - 1), sy = min(max(y + dy, 0), rect.height - 1)
                            v.append(b.row(sy)[4 * sx + c])
                        }
                    }
                    XCTAssertEqual(got.row(y)[4 * x + c], v.sorted()[4], "(\(x), \(y)) channel \(c)")
                }
            }
        }
    }

    func testABandThatIsNotOpaqueRendersInFloatsAndStillAgrees() throws {
        let rect = IRect(0, 0, 45, 100)
        // A translucent pixel in rows 40…: its band and its neighbours' halos go through floats.
        let b = codes(rect, seed: 4) { x, y in x == 20 && y == 40 ? 128 : 255 }
        let image = Image(Source8Node(b)).clampedToExtent().median3x3().cropped(to: rect.rect)
        let got = try Context(threads: 2).render8(image, rect: rect)
        XCTAssertEqual(bytes(got), try floatBytes(image, rect))
        XCTAssertGreaterThan(got.pixelsFromCodes, 0)
        XCTAssertLessThan(got.pixelsFromCodes, rect.count)
    }

    func testALoadedImageIsHeldAsCodesOnlyWhenEveryPixelIsExact() throws {
        let rect = IRect(0, 0, 13, 7)
        let b = codes(rect, seed: 2) { x, _ in x == 3 ? 0 : 255 }
        let floats = try Context().render(Image(Source8Node(b)), rect: rect)
        let held = try XCTUnwrap(Image(SourceNode(floats)).exactly8Bit())
        XCTAssertEqual(try floatBytes(held, rect), try floatBytes(Image(Source8Node(b)), rect))
        floats[5, 5] = floats[5, 5] * 0.999  // no longer an 8-bit value
        XCTAssertNil(Image(SourceNode(floats)).exactly8Bit())
    }

    func testDiscExtremaOnCodesEqualTheFloatPath() throws {
        // 600 wide: two tile columns (512) and rows of tiles; radii of 1 to 6 rows of chords.
        for (i, (w, h, radius)) in [(600, 70, 2.5), (31, 9, 1.0), (45, 150, 6.0)].enumerated() {
            let rect = IRect(-4, 7, w, h)
            let source = Image(Source8Node(codes(rect, seed: UInt64(20 + i))))
            for op in [Neighbourhood.Reduction.maximum, .minimum] {
                try assertCodesAgree(source, rect, "\(w)×\(h) r \(radius) \(op)") { $0.discReduced(radius: radius, op) }
            }
        }
    }

    /// A graph that is more than a rank filter of codes renders in floats.
    func testOtherGraphsRenderInFloats() throws {
        let rect = IRect(0, 0, 20, 20)
        let source = Image(Source8Node(codes(rect, seed: 3)))
        let image = source.median3x3().median3x3().cropped(to: rect.rect)
        let got = try Context().render8(image, rect: rect)
        XCTAssertEqual(got.pixelsFromCodes, 0)
        XCTAssertEqual(bytes(got), try floatBytes(image, rect))
    }
}
