import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// The IDAT reader's checks (lunette_png_rows.c, ISA-L inflate): the zlib stream's Adler-32
/// and every chunk's CRC, wherever the chunk boundaries fall, from memory and from a file;
/// and the writer's chunk CRCs against the bitwise CRC-32 of the tests.
final class PNGChecksumTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    typealias Chunk = (type: String, body: [UInt8], crc: [UInt8])

    func chunks(_ bytes: [UInt8]) -> [Chunk] {
        var out: [Chunk] = []
        var at = 8
        while at + 12 <= bytes.count {
            let n = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            out.append((type, Array(bytes[(at + 8)..<(at + 8 + n)]), Array(bytes[(at + 8 + n)..<(at + 12 + n)])))
            at += 12 + n
        }
        return out
    }

    /// A 160×96 piece of a photo written by Lunette's PNG writer, and its chunks.
    func photo() throws -> [UInt8] {
        let img = try ImageIO.load(Fixtures.coffee).cropped(to: Rect(150, 100, 160, 96)).transformed(by: .translation(-150, -100))
        return try PNGEncoder.encode(img)
    }

    /// The same file with its zlib stream `stream` cut into IDAT chunks at `cuts`.
    func rechunked(_ png: [UInt8], _ stream: [UInt8], cuts: [Int]) -> [UInt8] {
        let parts = chunks(png)
        var out = Array(png[0..<8])
        for c in parts where c.type != "IDAT" && c.type != "IEND" { out += Checksums.chunk(c.type, c.body) }
        for (a, b) in zip([0] + cuts, cuts + [stream.count]) { out += Checksums.chunk("IDAT", Array(stream[a..<b])) }
        return out + Checksums.chunk("IEND", [])
    }

    func pixels(_ img: Image) throws -> [Pixel] {
        let b = try Context(threads: 2).render(img, rect: try Context.renderRect(for: img))
        return (0..<b.height).flatMap { y in Array(UnsafeBufferPointer(start: b.row(y), count: b.width)) }
    }

    /// Decoded from memory (PNGDecoder) and streamed from a file (ImageIO.open, rendered).
    func decodeBothWays(_ bytes: [UInt8], _ label: String) throws -> (memory: [Pixel], file: [Pixel]) {
        let memory = try pixels(try PNGDecoder.image(bytes, name: label))
        let path = dir.appendingPathComponent("\(label).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (memory, try pixels(try ImageIO.open(path)))
    }

    func assertInvalid(_ bytes: [UInt8], _ label: String, _ why: String, line: UInt = #line) throws {
        XCTAssertThrowsError(try PNGDecoder.decode(bytes, name: label), label, line: line) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .invalidInput, "\(error)", line: line)
            XCTAssertEqual(e?.message, "\(label): invalid PNG (\(why))", line: line)
        }
        let path = dir.appendingPathComponent("\(label).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try pixels(try ImageIO.open(path)), label, line: line) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .invalidInput, "\(error)", line: line)
            XCTAssertTrue(e?.message.hasSuffix("invalid PNG (\(why))") ?? false, "\(error)", line: line)
        }
    }

    func testTheAdler32IsCheckedWhereverItLies() throws {
        let png = try photo()
        let stream = chunks(png).filter { $0.type == "IDAT" }.flatMap(\.body)
        let n = stream.count
        let expected = try decodeBothWays(png, "original").memory
        // Many chunks, the checksum alone in the last one: the same pixels.
        let cuts = stride(from: 997, to: n - 4, by: 997).map { $0 } + [n - 4]
        let good = try decodeBothWays(rechunked(png, stream, cuts: cuts), "good")
        XCTAssertEqual(good.memory, expected)
        XCTAssertEqual(good.file, expected)
        var bad = stream
        bad[n - 1] ^= 1
        try assertInvalid(rechunked(png, bad, cuts: []), "inside", "IDAT: incorrect data check")
        try assertInvalid(rechunked(png, bad, cuts: cuts), "alone", "IDAT: incorrect data check")
        try assertInvalid(rechunked(png, bad, cuts: [n - 2]), "split", "IDAT: incorrect data check")
        // As libpng: a stream whose checksum is missing altogether still decodes.
        let cut = try decodeBothWays(rechunked(png, Array(stream.dropLast(4)), cuts: [n / 2]), "cut")
        XCTAssertEqual(cut.memory, expected)
        XCTAssertEqual(cut.file, expected)
    }

    func testEveryIDATChunkCRCIsChecked() throws {
        let png = try photo()
        let stream = chunks(png).filter { $0.type == "IDAT" }.flatMap(\.body)
        let cuts = [100, 2000, stream.count / 2, stream.count - 4]
        let good = rechunked(png, stream, cuts: cuts)
        XCTAssertEqual(try decodeBothWays(good, "good").memory, try decodeBothWays(png, "original").memory)
        // The CRC field of each IDAT chunk in turn, the data left intact.
        var at = 8, checked = 0
        for c in chunks(good) {
            let end = at + 8 + c.body.count
            if c.type == "IDAT" {
                var bad = good
                bad[end + 3] ^= 0x40
                try assertInvalid(bad, "crc\(checked)", "CRC error")
                checked += 1
            }
            at = end + 4
        }
        XCTAssertEqual(checked, cuts.count + 1)
    }

    func testWrittenChunkCRCsMatchTheBitwiseCRC() throws {
        let parts = chunks(try photo())
        XCTAssertGreaterThan(parts.filter { $0.type == "IDAT" }.count, 0)
        XCTAssertEqual(parts.last?.type, "IEND")
        for c in parts {
            let crc = Checksums.crc32(Array(c.type.utf8) + c.body)
            XCTAssertEqual(c.crc, [UInt8(crc >> 24), UInt8(crc >> 16 & 0xff), UInt8(crc >> 8 & 0xff), UInt8(crc & 0xff)], c.type)
        }
    }
}
