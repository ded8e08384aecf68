import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// `ImageIO.load` decodes chunks of rows while the chunk before converts: the same pixels,
/// opacity and errors as decoding the whole file to samples first (`RawImage.image`).
final class PNGLoadTests: XCTestCase {
    override func tearDown() { PNGDecoder.chunkBytes = 1 << 20 }

    func pixels(_ img: Image) throws -> [Pixel] {
        let b = try Context(threads: 2).render(img, rect: try Context.renderRect(for: img))
        return (0..<b.height).flatMap { y in Array(UnsafeBufferPointer(start: b.row(y), count: b.width)) }
    }

    func suite() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.fixture("pngsuite"))
            .filter { $0.hasSuffix(".png") }.sorted().map { Fixtures.fixture("pngsuite/" + $0) }
    }

    func testEveryPNGSuiteFileLoadsAsTheWholeFileDecoder() throws {
        var compared = 0
        for chunk in [1 << 20, 7] {  // one chunk per file, and chunks of a row or two
            PNGDecoder.chunkBytes = chunk
            for path in try suite() + [Fixtures.coffee] {
                let bytes = try AtomicFile.read(path)
                let whole: RawImage
                do { whole = try PNGDecoder.decode(bytes, name: path) } catch {
                    XCTAssertThrowsError(try PNGDecoder.image(bytes, name: path), path) {
                        XCTAssertEqual("\($0)", "\(error)", path)
                    }
                    continue
                }
                for space in [WorkingSpace.linear, .none] {
                    let loaded = try PNGDecoder.image(bytes, name: path, space: space), eager = whole.image(space)
                    XCTAssertEqual(loaded.extent, eager.extent, path)
                    XCTAssertEqual(loaded.isOpaque, eager.isOpaque, path)
                    XCTAssertEqual(try pixels(loaded), try pixels(eager), "\(path) \(space)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 300, "the suite's files were found")
    }

    func testTruncatedFileFailsWithTheTruncatedCode() throws {
        let bytes = try AtomicFile.read(Fixtures.coffee)
        PNGDecoder.chunkBytes = 4096
        XCTAssertThrowsError(try PNGDecoder.image(Array(bytes.prefix(bytes.count / 2)), name: "half")) { error in
            XCTAssertEqual((error as? LunetteError)?.status, .truncated, "\(error)")
        }
    }
}
