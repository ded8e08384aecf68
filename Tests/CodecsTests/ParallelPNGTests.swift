import CPNGShim
import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// The parallel PNG writer: pieces deflated apart and joined into one zlib stream must
/// decode to the same samples with libpng and, when it is installed, with Pillow.
final class ParallelPNGTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
        PNGStripWriter.minPieceBytes = 1 << 20
        PNGStripWriter.deflateMethod = nil
    }

    /// Writes `image` through a PNGStripWriter fed strips of the given heights (top first).
    func write(_ image: Image, strips: [Int], channels: Int, options: PNGOptions, threads: Int) throws -> String {
        let rect = try Context.renderRect(for: image)
        XCTAssertEqual(strips.reduce(0, +), rect.height)
        let path = dir.appendingPathComponent("p\(channels)-\(options.depth)-\(options.compression).png").path
        try AtomicFile.write(to: path) { file in
            let writer = try PNGStripWriter(
                file: file, name: path, width: rect.width, height: rect.height,
                channels: channels, options: options, threads: threads)
            var top = rect.maxY
            for h in strips {
                try writer.append(try Context(threads: 2).render(image, rect: IRect(rect.x, top - h, rect.width, h)))
                top -= h
            }
            try writer.finish()
        }
        return path
    }

    /// RGB(A) bytes as Pillow reports them (`Image.tobytes()`), or nil without Pillow.
    func pillowBytes(_ path: String) throws -> [UInt8]? {
        let code = "import sys; from PIL import Image; sys.stdout.buffer.write(Image.open(sys.argv[1]).tobytes())"
        return FormatFixtures.python(code, path).map { Array($0) }
    }

    func testPiecesJoinIntoOneStreamThatLibpngAndPillowRead() throws {
        PNGStripWriter.minPieceBytes = 1 << 15  // 19-row pieces, cut across the strips
        let original = try PNGDecoder.decode(try AtomicFile.read(Fixtures.coffee), name: "coffee")
        var pillowChecked = 0
        for level in [0, 1, 6, 9] {
            let path = try write(
                original.image(), strips: [1, 2, 37, 120, 240], channels: 3,
                options: PNGOptions(compression: level), threads: 3)
            let bytes = try AtomicFile.read(path)
            XCTAssertGreaterThan(idatCount(bytes), 5, "one IDAT per piece")
            let again = try PNGDecoder.decode(bytes, name: path)
            XCTAssertEqual(again.samples8, original.samples8, "level \(level): libpng reads the same samples")
            if let pil = try pillowBytes(path) {
                var rgb = [UInt8]()
                for i in 0..<(original.width * original.height) { rgb += original.samples8[(i * 4)..<(i * 4 + 3)] }
                XCTAssertEqual(pil.count, rgb.count)
                XCTAssertTrue(pil == rgb, "level \(level): Pillow reads the same samples")
                pillowChecked += 1
            }
        }
        if pillowChecked == 0 { print("ParallelPNGTests: Pillow not installed; checked with libpng only") }
    }

    /// zlib's one-link search and libdeflate (whose final block is reopened) both give
    /// pieces that join; the automatic choice at level 6 is about as small as the better.
    /// On a blurred photo it is clearly smaller than either (its rows go through Up).
    func testBothLevelSixMethodsJoinAndTheChoiceIsTheSmaller() throws {
        PNGStripWriter.minPieceBytes = 1 << 15
        let photo = try PNGDecoder.decode(try AtomicFile.read(Fixtures.coffee), name: "coffee")
        let ramp = TestImages.make(IRect(0, 0, 301, 200)) { x, y in
            Pixel(Float(x) / 300, Float(y) / 199, Float((x * y) % 7) / 6, 1)
        }
        let astronaut = try PNGDecoder.decode(try AtomicFile.read(Fixtures.astronaut), name: "astronaut").image()
        let blurred = astronaut.gaussianBlurred(sigma: 10).cropped(to: astronaut.extent)
        for (name, image) in [("photo", photo.image()), ("ramp", ramp), ("blurred", blurred)] {
            let rect = try Context.renderRect(for: image)
            let strips = [1, 2, 37, rect.height - 40]
            let reference = try PNGDecoder.decode(
                try AtomicFile.read(write(image, strips: strips, channels: 3, options: PNGOptions(), threads: 1)),
                name: name
            ).samples8
            var sizes: [Int] = []
            for method in [nil, Int32(LP_DEFLATE_ZLIB_LIGHT), Int32(LP_DEFLATE_LIBDEFLATE)] {
                PNGStripWriter.deflateMethod = method
                let path = try write(image, strips: strips, channels: 3, options: PNGOptions(compression: 6), threads: 3)
                let bytes = try AtomicFile.read(path)
                XCTAssertGreaterThan(idatCount(bytes), 4, "one IDAT per piece")
                XCTAssertEqual(
                    try PNGDecoder.decode(bytes, name: path).samples8, reference, "\(name), method \(method ?? 6)")
                if let pil = try pillowBytes(path) {
                    XCTAssertEqual(pil.count * 4, reference.count * 3, "\(name): Pillow reads RGB")
                }
                sizes.append(bytes.count)
            }
            let bound = name == "blurred" ? 0.97 : 1.03
            XCTAssertLessThanOrEqual(Double(sizes[0]), bound * Double(min(sizes[1], sizes[2])), "\(name): \(sizes)")
        }
    }

    /// A picture of LP_LARGE_PICTURE filtered bytes or more samples each piece more thinly and
    /// weighs libdeflate 6 against zlib 6 on a slice: its pieces still join, decode to the same
    /// samples as zlib's one-link search gives, and the file is no larger than that one's.
    func testLargePicturesPiecesJoinAndStaySmall() throws {
        let width = 2048, height = (Int(LP_LARGE_PICTURE) + 3 * width) / (3 * width + 1)
        let image = TestImages.make(IRect(0, 0, width, height)) { x, y in
            let band = y > height / 3 && y < height / 2 ? Float((x * 7919 + y * 104_729) % 61) / 600 : 0
            let disc = (x - 700) * (x - 700) + (y - 600) * (y - 600) < 250_000 ? Float(0.5) : 0
            return Pixel(Float(x) / Float(width) + band, Float(y) / Float(height), disc + Float((x / 37) % 2) / 4, 1)
        }
        let strips = [300, 500, height - 800]
        let chosen = try AtomicFile.read(write(image, strips: strips, channels: 3, options: PNGOptions(), threads: 2))
        PNGStripWriter.deflateMethod = Int32(LP_DEFLATE_ZLIB_LIGHT)
        let light = try AtomicFile.read(write(image, strips: strips, channels: 3, options: PNGOptions(), threads: 2))
        XCTAssertGreaterThanOrEqual(idatCount(chosen), 8, "one IDAT per piece")
        XCTAssertEqual(
            try PNGDecoder.decode(chosen, name: "chosen").samples8, try PNGDecoder.decode(light, name: "light").samples8)
        XCTAssertLessThanOrEqual(chosen.count, light.count)
    }

    func testAlphaAndSixteenBitPieces() throws {
        PNGStripWriter.minPieceBytes = 1
        let img = TestImages.random(97, 61, seed: 7)
        for depth in [8, 16] {
            let path = try write(img, strips: [5, 50, 6], channels: 4, options: PNGOptions(depth: depth), threads: 4)
            let reference = dir.appendingPathComponent("ref\(depth).png").path
            try PNGEncoder.write(
                img, to: reference, options: PNGOptions(depth: depth, channels: .rgba),
                context: Context(threads: 1))
            let a = try PNGDecoder.decode(try AtomicFile.read(path), name: path)
            let b = try PNGDecoder.decode(try AtomicFile.read(reference), name: reference)
            XCTAssertEqual(a.bitDepth, depth)
            XCTAssertEqual(a.samples8, b.samples8)
            XCTAssertEqual(a.samples16, b.samples16)
            XCTAssertFalse(a.opaque)
            if depth == 8, let pil = try pillowBytes(path) {
                XCTAssertTrue(pil == a.samples8, "Pillow reads the same RGBA samples")
            }
        }
    }

    /// Pieces are cut every `pieceRows` rows of the file, whatever the strips and threads: the
    /// bytes are the same with 1, 2 and 5 threads and any strip heights, and the rows come
    /// back in order.
    func testBytesDoNotDependOnThreadsOrStrips() throws {
        let img = TestImages.make(IRect(0, 0, 83, 71)) { x, y in
            Pixel(Float((x * 7 + y * 3) % 50) / 49, Float(y) / 70, Float((x ^ y) % 9) / 8, 1)
        }
        PNGStripWriter.minPieceBytes = 1 << 20
        let whole = try AtomicFile.read(write(img, strips: [71], channels: 3, options: PNGOptions(), threads: 1))
        XCTAssertEqual(idatCount(whole), 1)
        PNGStripWriter.minPieceBytes = 5 * 83 * 3 - 7  // 5-row pieces after a first of one row
        var outputs: [[UInt8]] = []
        for (threads, strips) in [(1, [71]), (2, [1, 2, 37, 31]), (5, Array(repeating: 7, count: 10) + [1])] {
            let bytes = try AtomicFile.read(write(img, strips: strips, channels: 3, options: PNGOptions(), threads: threads))
            XCTAssertEqual(idatCount(bytes), 15, "\(threads) threads: one IDAT per 5 rows")
            XCTAssertEqual(
                try PNGDecoder.decode(bytes, name: "pieces").samples8, try PNGDecoder.decode(whole, name: "whole").samples8,
                "\(threads) threads, strips \(strips)")
            outputs.append(bytes)
        }
        XCTAssertEqual(outputs[1], outputs[0])
        XCTAssertEqual(outputs[2], outputs[0])
    }

    /// While `threads` pieces deflate, one more is launched (the renderer goes on), never
    /// two: the pieces' buffers stay bounded.
    func testAtMostOnePieceMoreThanThreadsDeflates() throws {
        let img = TestImages.make(IRect(0, 0, 83, 71)) { x, y in
            Pixel(Float((x * 5 + y) % 40) / 39, 0.5, Float(y) / 70, 1)
        }
        PNGStripWriter.minPieceBytes = 5 * 83 * 3 - 7  // 15 pieces
        for threads in [1, 2] {
            let path = dir.appendingPathComponent("gate\(threads).png").path
            var peak = 0
            try AtomicFile.write(to: path) { file in
                let writer = try PNGStripWriter(
                    file: file, name: path, width: 83, height: 71, channels: 3, options: PNGOptions(), threads: threads)
                try writer.append(try Context(threads: 2).render(img, rect: IRect(0, 0, 83, 71)))
                try writer.finish()
                peak = writer.gate.peak
            }
            XCTAssertGreaterThanOrEqual(peak, 1, "\(threads) threads")
            XCTAssertLessThanOrEqual(peak, threads + 1, "\(threads) threads")
            XCTAssertEqual(try PNGDecoder.decode(AtomicFile.read(path), name: path).width, 83)
        }
    }

    func testMoreRowsThanTheImageIsAnError() throws {
        let path = dir.appendingPathComponent("rows.png").path
        XCTAssertThrowsError(
            try AtomicFile.write(to: path) { file in
                let writer = try PNGStripWriter(
                    file: file, name: "rows.png", width: 8, height: 10, channels: 3, options: PNGOptions(), threads: 2)
                for _ in 0..<2 {
                    try writer.append(try Context().render(TestImages.random(8, 6, seed: 1), rect: IRect(0, 0, 8, 6)))
                }
                try writer.finish()
            }
        ) { XCTAssertTrue("\($0)".contains("12 rows handed in for an image of 10"), "\($0)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing written")
    }

    func testAdlerCombineMatchesOnePass() {
        let data = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
        let whole = data.withUnsafeBufferPointer { lp_adler32(1, $0.baseAddress, $0.count) }
        for cut in [0, 1, 5552, 65521, 100_003] {
            let a = data.withUnsafeBufferPointer { lp_adler32(1, $0.baseAddress, cut) }
            let b = data.withUnsafeBufferPointer { lp_adler32(1, $0.baseAddress! + cut, $0.count - cut) }
            XCTAssertEqual(lp_adler32_combine(a, b, data.count - cut), whole, "cut at \(cut)")
        }
    }

    func idatCount(_ bytes: [UInt8]) -> Int {
        var at = 8, n = 0
        while at + 8 <= bytes.count {
            let len = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[(at + 4)..<(at + 8)].elementsEqual("IDAT".utf8) { n += 1 }
            at += 12 + len
        }
        return n
    }
}
