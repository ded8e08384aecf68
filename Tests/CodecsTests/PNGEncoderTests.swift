import Codecs
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Writing PNGs: formats, round trips and atomic replacement.
final class PNGEncoderTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func decode(_ path: String) throws -> RawImage { try PNGDecoder.decode(try AtomicFile.read(path), name: path) }

    func testEightBitRoundTripIsExact() throws {
        let original = try decode(Fixtures.coffee)
        let out = dir.appendingPathComponent("coffee.png").path
        try PNGEncoder.write(original.image(), to: out)
        let again = try decode(out)
        XCTAssertEqual(again.width, 600)
        XCTAssertEqual(again.samples8, original.samples8)
        XCTAssertTrue(again.opaque, "an opaque image is written as RGB")
    }

    func testSixteenBitRoundTripWithinOneLevel() throws {
        let first = dir.appendingPathComponent("first.png").path
        try PNGEncoder.write(
            try decode(Fixtures.fixture("pngsuite/basn6a16.png")).image(), to: first, options: PNGOptions(depth: 16))
        let original = try decode(first)
        let out = dir.appendingPathComponent("a16.png").path
        try PNGEncoder.write(original.image(), to: out, options: PNGOptions(depth: 16))
        let again = try decode(out)
        XCTAssertEqual(again.bitDepth, 16)
        var worst = 0
        for i in 0..<original.samples16.count where original.samples16[i | 3] > 4096 {
            worst = max(worst, abs(Int(original.samples16[i]) - Int(again.samples16[i])))
        }
        XCTAssertLessThanOrEqual(worst, 2)
    }

    func testChannelLayouts() throws {
        let img = try decode(Fixtures.fixture("pngsuite/basn2c08.png")).image()
        for (channels, colorType) in [(PNGOptions.Channels.gray, 0), (.graya, 4), (.rgb, 2), (.rgba, 6)] {
            let out = dir.appendingPathComponent("\(channels).png").path
            try PNGEncoder.write(img, to: out, options: PNGOptions(channels: channels))
            let bytes = try AtomicFile.read(out)
            XCTAssertEqual(Int(bytes[25]), colorType, "\(channels)")
            XCTAssertEqual(try decode(out).width, 32)
        }
    }

    func testWorkingSpaceNoneKeepsStoredValues() throws {
        let raw = try decode(Fixtures.fixture("pngsuite/basn0g08.png"))
        let out = dir.appendingPathComponent("none.png").path
        var opts = PNGOptions()
        opts.workingSpace = .none
        try PNGEncoder.write(raw.image(.none), to: out, options: opts)
        XCTAssertEqual(try decode(out).samples8, raw.samples8)
    }

    func testFailedRenderLeavesPreviousFileAndNoTemporaries() throws {
        let out = dir.appendingPathComponent("keep.png").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        let infinite = Image.color(Color(1, 0, 0, 1))
        XCTAssertThrowsError(try PNGEncoder.write(infinite, to: out))
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["keep.png"])
    }

    func testFailureInsideTheWriterRemovesTheTemporaryFile() throws {
        let out = dir.appendingPathComponent("new.png").path
        struct Boom: Error {}
        XCTAssertThrowsError(
            try AtomicFile.write(to: out) { file in
                fputs("partial", file)
                throw Boom()
            })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [])
    }

    func testWriteIntoMissingFolderIsAnIOError() throws {
        let img = try decode(Fixtures.fixture("pngsuite/basn2c08.png")).image()
        XCTAssertThrowsError(try PNGEncoder.write(img, to: dir.appendingPathComponent("no/such/dir/x.png").path)) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .io)
        }
    }
}
