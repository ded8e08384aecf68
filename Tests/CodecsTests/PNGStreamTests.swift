import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// `ImageIO.open`: rows decoded while the image renders, a bounded window of them kept,
/// and the same pixels as the eager decoder in every case.
final class PNGStreamTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    /// A 200×120 piece of a photo as a PNG file (small enough for a debug build).
    func photo() throws -> String {
        let path = dir.appendingPathComponent("photo.png").path
        if !FileManager.default.fileExists(atPath: path) {
            let img = try ImageIO.load(Fixtures.coffee).cropped(to: Rect(150, 100, 200, 120))
                .transformed(by: .translation(-150, -100))
            try PNGEncoder.write(img, to: path)
        }
        return path
    }

    /// A clamped blur cropped back (what `lunette apply --present` builds), rendered in
    /// strips from the top as the PNG writer does; the working-space floats.
    func blurred(_ img: Image, sigma: Double = 4) throws -> [Float] {
        let look = img.clampedToExtent().gaussianBlurred(sigma: sigma).cropped(to: img.extent)
        return try strips(look)
    }

    func strips(_ img: Image) throws -> [Float] {
        var out: [Float] = []
        try Context(threads: 2, tileSize: 48).renderStrips(img, rect: try Context.renderRect(for: img), stripHeight: 24) { s in
            for y in (0..<s.height).reversed() {
                out += UnsafeBufferPointer(
                    start: UnsafeRawPointer(s.row(y)).assumingMemoryBound(to: Float.self), count: s.width * 4)
            }
        }
        return out
    }

    func testStreamedRenderMatchesEagerDecoding() throws {
        let files = [
            try photo(), Fixtures.fixture("pngsuite/basn6a16.png"), Fixtures.fixture("pngsuite/basi6a16.png"),
            Fixtures.fixture("pngsuite/basi0g04.png"), Fixtures.fixture("pngsuite/tbrn2c08.png"),
            Fixtures.fixture("pngsuite/g25n2c08.png"),
        ]
        for path in files {
            for sigma in [1.5, 6] {
                XCTAssertEqual(
                    try blurred(try ImageIO.open(path), sigma: sigma), try blurred(try ImageIO.load(path), sigma: sigma),
                    "\(path) σ \(sigma)")
            }
            let streamed = try ImageIO.open(path)
            XCTAssertEqual(streamed.isOpaque, try ImageIO.load(path).isOpaque, path)
            XCTAssertEqual(streamed.extent, try ImageIO.load(path).extent, path)
        }
    }

    func testRendersTwiceAndUpsideDown() throws {
        let eager = try ImageIO.load(try photo())
        let streamed = try ImageIO.open(try photo())
        let small = Fixtures.fixture("pngsuite/basn6a16.png")
        let flip = Transform(1, 0, 0, -1, 0, 32)
        // The first render drops rows as it goes down; the second needs them again, and a
        // flipped render reads the bottom rows first.
        let expected = try blurred(eager, sigma: 6)
        XCTAssertEqual(try blurred(streamed, sigma: 6), expected)
        XCTAssertEqual(try blurred(streamed, sigma: 6), expected)
        XCTAssertNotNil((streamed.node as? PNGStreamNode)?.whole, "decoded whole for the second render")
        XCTAssertEqual(
            try strips(try ImageIO.open(small).transformed(by: flip)),
            try strips(try ImageIO.load(small).transformed(by: flip)))
    }

    func testOnlyAWindowOfRowsIsKept() throws {
        let saved = PNGStreamNode.aheadBytes
        PNGStreamNode.aheadBytes = 0  // the helper reads one chunk ahead
        defer { PNGStreamNode.aheadBytes = saved }
        let image = try ImageIO.open(try photo())
        let node = try XCTUnwrap(image.node as? PNGStreamNode)
        let look = image.clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: image.extent)
        var strips = 0
        try Context(threads: 2, tileSize: 64).renderStrips(look, rect: IRect(0, 0, 200, 120), stripHeight: 8) { _ in
            strips += 1
        }
        XCTAssertEqual(strips, 15)
        XCTAssertNil(node.whole, "never decoded twice")
        XCTAssertLessThanOrEqual(node.peakRows, 8 + 2 * 7 + 3 * PNGStreamNode.chunkRows, "rows held at once")
    }

    func testBadDataPastTheHeaderFailsTheRender() throws {
        var bytes = try AtomicFile.read(Fixtures.coffee)
        let idat = try XCTUnwrap(firstIDAT(bytes))
        bytes[idat + 5000] ^= 0x55  // the chunk's CRC no longer matches
        let bad = dir.appendingPathComponent("bad.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: bad))
        let image = try ImageIO.open(bad)  // the header is fine
        let out = dir.appendingPathComponent("out.png").path
        XCTAssertThrowsError(try PNGEncoder.write(image, to: out)) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .invalidInput, "\(error)")
            XCTAssertTrue(e?.message.hasPrefix("\(bad): invalid PNG (") ?? false, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        let cut = dir.appendingPathComponent("cut.png").path
        try Data(bytes.prefix(idat + 100)).write(to: URL(fileURLWithPath: cut))
        XCTAssertThrowsError(try ImageIO.open(cut)) { XCTAssertEqual(($0 as? LunetteError)?.status, .truncated) }
        XCTAssertThrowsError(try ImageIO.open(dir.appendingPathComponent("none.png").path)) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .io)
        }
    }

    /// Offset of the first IDAT chunk's data.
    func firstIDAT(_ bytes: [UInt8]) -> Int? {
        var at = 8
        while at + 8 <= bytes.count {
            let len = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[(at + 4)..<(at + 8)].elementsEqual("IDAT".utf8) { return at + 8 }
            at += 12 + len
        }
        return nil
    }
}
