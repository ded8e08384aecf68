import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// `ImageIO.open` on a JPEG: rows decoded while the image renders (as PNGs), profiles
/// applied per row; the same pixels as the eager decoder; rotated files load whole.
final class JPEGStreamTests: XCTestCase {
    func testStreamedJPEGsEqualTheEagerDecoder() throws {
        for name in [
            "baseline.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg", "cmyk-icc.jpg", "display-p3.jpg", "adobe-rgb.jpg",
        ] {
            let path = FormatFixtures.path(name)
            let streamed = try ImageIO.open(path)
            XCTAssertTrue(streamed.node is RowStreamNode, name)
            XCTAssertEqual(try FormatFixtures.pixels(streamed), try FormatFixtures.pixels(try ImageIO.load(path)), name)
            XCTAssertEqual(
                try FormatFixtures.pixels(streamed), try FormatFixtures.pixels(streamed), "\(name): a second render decodes again"
            )
            XCTAssertEqual(streamed.metadata?.properties["Format"], .string("jpeg"))
        }
        let rotated = try ImageIO.open(FormatFixtures.path("orient6.jpg"))
        XCTAssertFalse(rotated.node is RowStreamNode, "an orientation to apply loads whole")
        XCTAssertEqual(rotated.extent.width, 24)
    }

    func testATruncatedStreamFailsTheRender() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bytes = try AtomicFile.read(FormatFixtures.path("baseline.jpg"))
        let cut = dir.appendingPathComponent("cut.jpg").path
        try Data(bytes.prefix(bytes.count * 2 / 3)).write(to: URL(fileURLWithPath: cut))
        let out = dir.appendingPathComponent("out.jpg").path
        XCTAssertThrowsError(try ImageWriter.write(try ImageIO.open(cut), to: out)) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .truncated, "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testShrinkDecodesInTheDCTDomain() throws {
        var half = LoadOptions()
        half.scaleDenominator = 2
        let path = FormatFixtures.path("baseline.jpg")
        for image in [try ImageIO.load(path, options: half), try ImageIO.open(path, options: half)] {
            XCTAssertEqual(image.extent, Rect(0, 0, 24, 18))
            XCTAssertEqual(image.metadata?.properties["PixelWidth"], .number(24))
        }
        // Close to the full decode averaged 2×2 (libjpeg's scaled IDCT is not a box filter).
        let full = try FormatFixtures.rgba8(try ImageIO.load(path)),
            small = try FormatFixtures.rgba8(try ImageIO.load(path, options: half))
        var total = 0
        for y in 0..<18 {
            for x in 0..<24 {
                for c in 0..<3 {
                    let box =
                        [(0, 0), (1, 0), (0, 1), (1, 1)].reduce(0) {
                            $0 + Int(full.bytes[((2 * y + $1.1) * 48 + 2 * x + $1.0) * 4 + c])
                        } / 4
                    total += abs(box - Int(small.bytes[(y * 24 + x) * 4 + c]))
                }
            }
        }
        XCTAssertLessThan(Double(total) / Double(18 * 24 * 3), 6, "mean difference from a 2×2 box of the full decode")
    }
}
