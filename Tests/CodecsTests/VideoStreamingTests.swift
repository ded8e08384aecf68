import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// `lunette video` renders a small-σ blur over a frame's colour steps in full-height strips,
/// row by row (`Context.forEachStreamedRow`): every row of every strip must be the tiled
/// render's row, through a clamp (edges repeated) and without one (transparent beyond the
/// frame), and the row before it must still be there (the encoder pairs them).
final class VideoStreamingTests: XCTestCase {
    func frame(_ w: Int, _ h: Int, seed: UInt64) throws -> Image {
        let f = try Y4MFormat.parse(Array("YUV4MPEG2 W\(w) H\(h) F25:1 C420jpeg".utf8), name: "t")
        var state = seed
        let data = Y4MSamples.frame(width: w, height: h, chroma: "420jpeg") { x, y in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return 16 + (x * 7 + y * 3) % 200 + Int(state >> 61)  // ramps, a little noise
        }
        return YUVFrame(format: f, data: data).image()
    }

    func controls(_ image: Image) throws -> Image {
        let c = try Filter(name: "CIColorControls")
        try c.set("inputImage", .image(image))
        try c.set("inputSaturation", .number(1.2))
        try c.set("inputBrightness", .number(0.02))
        return try c.outputImage()
    }

    /// Streams `image` over its frame rect and checks each row (and the one before it)
    /// against the tiled render; returns how many times each pixel was handed over.
    func stream(_ image: Image, _ w: Int, _ h: Int, stripWidth: Int, _ name: String) throws -> [Int] {
        let rect = IRect(0, 0, w, h)
        let tiled = try Context(threads: 1).render(image, rect: rect)
        var seen = [Int](repeating: 0, count: w * h)
        var previous: (y: Int, x: Int, row: UnsafeMutablePointer<Pixel>)?
        var worst: Float = 0
        func check(_ y: Int, _ x0: Int, _ width: Int, _ row: UnsafeMutablePointer<Pixel>) {
            for x in 0..<width {
                let d = row[x] - tiled.row(y)[x0 + x]
                worst = max(worst, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
        }
        let streamed = try Context(threads: 1).forEachStreamedRow(image, rect: rect, stripWidth: stripWidth) {
            y, x0, width, row in
            check(y, x0, width, row)
            if let p = previous, p.x == x0 {
                XCTAssertEqual(p.y, y - 1, "rows come up one at a time")
                check(p.y, x0, width, p.row)
            }
            XCTAssertEqual(x0 % 2, 0, "strips start on even columns")
            for x in x0..<(x0 + width) { seen[y * w + x] += 1 }
            previous = (y, x0, row)
        }
        XCTAssertTrue(streamed)
        // Both decode by the polynomial except a row's odd first column and last few, which
        // take the table (its nearest entry within 1.2·10⁻⁴ of R′): strips and tiles start
        // on different columns. A row or column out of place would be off by 10⁻².
        XCTAssertLessThan(worst, 4e-4, "\(name): streamed rows against tiled ones")
        return seen
    }

    func testStreamedRowsAreTheTiledRender() throws {
        try XCTSkipUnless(Convolution.avx2, "the row reader is the AVX2 decode's")
        // Several strips, one, and strip widths too small for chroma pairs (or nonsense).
        for (w, h, strip) in [(600, 46, 256), (64, 33, 512), (98, 20, 32), (3, 6, 2), (1, 5, 0), (5, 4, -3)] {
            let rect = Rect(0, 0, Double(w), Double(h))
            let source = try controls(try frame(w, h, seed: UInt64(w)))
            let clamped = source.clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: rect)
            XCTAssertEqual(Set(try stream(clamped, w, h, stripWidth: strip, "\(w)×\(h), clamped")), [1], "\(w)×\(h), clamped")
            let open = source.gaussianBlurred(sigma: 1.3)
            XCTAssertEqual(Set(try stream(open, w, h, stripWidth: strip, "\(w)×\(h), unclamped")), [1], "\(w)×\(h), unclamped")
        }
    }

    func testStreamedFramesEncodeLikeTiledOnesAtOddSizes() throws {
        try XCTSkipUnless(Convolution.avx2, "the row reader is the AVX2 decode's")
        for (w, h) in [(1101, 57), (1100, 58), (37, 21)] {
            let f = try Y4MFormat.parse(Array("YUV4MPEG2 W\(w) H\(h) F25:1 C420jpeg".utf8), name: "t")
            let rect = Rect(0, 0, Double(w), Double(h))
            let blurred = try controls(try frame(w, h, seed: 9)).clampedToExtent().gaussianBlurred(sigma: 2)
                .cropped(to: rect)
            func sepia(_ image: Image) throws -> Image {
                let s = try Filter(name: "CISepiaTone")
                try s.set("inputImage", .image(image))
                return try s.outputImage()
            }
            // The same pixels from memory: the encoder's tiles, row pairs and chroma as before.
            let streams = try Context(threads: 1).forEachStreamedRow(blurred, rect: IRect(0, 0, w, h), stripWidth: 1024) {
                _, _, _, _ in
            }
            XCTAssertTrue(streams, "\(w)×\(h): the frame streams, the pixels below do not")
            let pixels = try Context(threads: 1).render(blurred, rect: IRect(0, 0, w, h))
            let streamed = try YUVEncoder.frame(try sepia(blurred), format: f)
            let tiled = try YUVEncoder.frame(try sepia(Image(SourceNode(pixels, opaque: true))), format: f)
            XCTAssertEqual(streamed.count, tiled.count)
            let diffs = zip(streamed, tiled).map { abs(Int($0) - Int($1)) }
            XCTAssertLessThanOrEqual(diffs.max() ?? 0, 1, "\(w)×\(h)")
            XCTAssertLessThanOrEqual(diffs.filter { $0 > 0 }.count, diffs.count / 1000, "\(w)×\(h)")
        }
    }

    func testOnlySmallBlursOverRowSourcesStream() throws {
        let (w, h) = (64, 16)
        let rect = IRect(0, 0, w, h)
        let source = try frame(w, h, seed: 1)
        let loaded = Image(SourceNode(try Context(threads: 1).render(source, rect: rect)))
        for (name, image) in [
            ("decimated blur", source.clampedToExtent().gaussianBlurred(sigma: 5)),
            ("blur of pixels in memory", loaded.gaussianBlurred(sigma: 2)),
            ("no blur", try controls(source)),
        ] {
            var calls = 0
            let streamed = try Context(threads: 1).forEachStreamedRow(image, rect: rect, stripWidth: 512) { _, _, _, _ in
                calls += 1
            }
            XCTAssertFalse(streamed, name)
            XCTAssertEqual(calls, 0, name)
        }
    }
}
