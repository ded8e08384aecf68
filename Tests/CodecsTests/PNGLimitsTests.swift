import Codecs
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Ancillary chunk limits (size and count), skipped text chunks, and fuzz regressions.
final class PNGLimitsTests: XCTestCase {
    /// basn2c08.png (32×32 RGB) with `extra` chunks inserted right after IHDR.
    func withChunks(_ extra: [[UInt8]]) throws -> [UInt8] {
        let bytes = try AtomicFile.read(Fixtures.fixture("pngsuite/basn2c08.png"))
        let ihdrEnd = 8 + 12 + 13
        return Array(bytes[..<ihdrEnd]) + extra.flatMap { $0 } + Array(bytes[ihdrEnd...])
    }

    func assertLimit(_ bytes: [UInt8], _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PNGDecoder.decode(bytes, name: "big.png"), file: file, line: line) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .limit, file: file, line: line)
            XCTAssertTrue(e?.message.contains(text) ?? false, "\(String(describing: e))", file: file, line: line)
        }
    }

    func withLimits(bytes: Int, count: Int, _ body: () throws -> Void) rethrows {
        let saved = (PNGDecoder.maxChunkBytes, PNGDecoder.maxAncillaryChunks)
        defer { (PNGDecoder.maxChunkBytes, PNGDecoder.maxAncillaryChunks) = saved }
        PNGDecoder.maxChunkBytes = bytes
        PNGDecoder.maxAncillaryChunks = count
        try body()
    }

    func testTextChunksWithinTheLimitsAreSkippedAndTheImageLoads() throws {
        let text = Checksums.chunk("tEXt", Array("Comment\0hello".utf8))
        let ztxt = Checksums.chunk("zTXt", Array("Comment\0\0".utf8) + [0x78, 0x9c, 0xff, 0xff])  // broken zlib: never inflated
        let raw = try PNGDecoder.decode(try withChunks([text, ztxt, Checksums.chunk("prVt", [1, 2, 3])]), name: "text.png")
        XCTAssertEqual(raw.width, 32)
        XCTAssertEqual(raw.height, 32)
    }

    func testOversizedAncillaryChunkIsALimitError() throws {
        let big = Checksums.chunk("iTXt", [UInt8](repeating: 0x41, count: 5000))
        try withLimits(bytes: 4096, count: 1000) {
            assertLimit(try withChunks([big]), "iTXt chunk of 5000 bytes exceeds the limit of 4096 bytes")
        }
        XCTAssertNoThrow(try PNGDecoder.decode(try withChunks([big]), name: "ok.png"), "the default limit is 8 MiB")
    }

    func testTooManyAncillaryChunksIsALimitError() throws {
        let many = (0..<30).map { Checksums.chunk("tEXt", Array("k\0v\($0)".utf8)) }
        try withLimits(bytes: 1 << 20, count: 20) {
            assertLimit(try withChunks(many), "more than 20 ancillary chunks")
        }
        XCTAssertNoThrow(try PNGDecoder.decode(try withChunks(many), name: "ok.png"))
    }

    func testCriticalChunksAreNotCountedAsAncillary() throws {
        try withLimits(bytes: 16, count: 1) {
            // basn2c08: IHDR, gAMA (4 bytes, the one ancillary chunk), IDAT of 200+ bytes, IEND.
            XCTAssertNoThrow(try PNGDecoder.decode(try AtomicFile.read(Fixtures.fixture("pngsuite/basn2c08.png")), name: "plain"))
        }
    }

    /// Inputs the PNG fuzzer found (Tests/Fixtures/fuzz/png): each decodes or fails with a
    /// clean error, and a decoded one renders.
    func testFuzzRegressionsFailCleanly() throws {
        let dir = Fixtures.fixture("fuzz/png")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir))?.sorted() ?? []
        for name in names {
            do {
                let raw = try PNGDecoder.decode(try AtomicFile.read(dir + "/" + name), name: name)
                _ = try Context(threads: 1).render(raw.image(), rect: IRect(0, 0, 8, 8))
            } catch let e as LunetteError {
                XCTAssertTrue([.invalidInput, .truncated, .limit].contains(e.status), "\(name): \(e.message)")
            }
        }
    }
}

/// AtomicFile's registry of unfinished writes (what `--time-limit`'s watchdog removes).
final class AtomicPendingTests: XCTestCase {
    func testRemovingPendingTemporariesMidWriteLeavesTheTargetAlone() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("t.txt").path
        try "old".write(toFile: target, atomically: false, encoding: .utf8)
        XCTAssertThrowsError(
            try AtomicFile.write(to: target) { file in
                fputs("new", file)
                let tmp = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
                XCTAssertEqual(tmp.count, 1)
                AtomicFile.removePendingTemporaries()
            }
        ) { error in
            XCTAssertEqual((error as? LunetteError)?.status, .io)
        }
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["t.txt"])
    }
}
