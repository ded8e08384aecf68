import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// `ImageIO.open` on a TIFF: rows decoded while the image renders, a strip or a row of
/// tiles at a time, a bounded window of them kept; the same pixels as the eager decoder
/// (itself checked against Pillow in FormatDecodeTests).
final class TIFFStreamTests: XCTestCase {
    func testStreamedTIFFsEqualTheEagerDecoder() throws {
        for name in ["rgb-lzw", "rgba-deflate", "gray16", "float", "tiled", "tiled16", "tall-tiled", "palette", "exif"] {
            let path = FormatFixtures.path(name + ".tif")
            let (streamed, eager) = try FormatFixtures.assertStreamsLikeWholeDecode(path, name)
            XCTAssertEqual(streamed.metadata?.properties["Format"], .string("tiff"))
            XCTAssertEqual(streamed.metadata?.properties["TIFF"], eager.metadata?.properties["TIFF"], name)
        }
        let page2 = try ImageIO.open(FormatFixtures.path("pages.tif"), options: LoadOptions(page: 2))
        XCTAssertEqual(
            try FormatFixtures.pixels(page2),
            try FormatFixtures.pixels(try ImageIO.load(FormatFixtures.path("pages.tif"), options: LoadOptions(page: 2))))
    }

    /// A tall file in strips (Lunette's writer) and in 32-row tiles (libvips'), rendered
    /// top to bottom through a blur: only a window of rows is held, never the image.
    func testATallTIFFHoldsAWindowOfRows() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let strips = dir.appendingPathComponent("tall.tif").path
        let tall = try ImageIO.load(FormatFixtures.path("tall-tiled.tif"))
        var lzw = SaveOptions()
        lzw.tiffCompression = "lzw"
        try ImageWriter.write(tall, to: strips, options: lzw)
        let saved = RowStreamNode.aheadBytes
        RowStreamNode.aheadBytes = 0  // the helper reads one chunk ahead
        defer { RowStreamNode.aheadBytes = saved }
        for path in [strips, FormatFixtures.path("tall-tiled.tif")] {
            let image = try ImageIO.open(path)
            let node = try XCTUnwrap(image.node as? RowStreamNode)
            let look = image.clampedToExtent().gaussianBlurred(sigma: 2).cropped(to: image.extent)
            var out: [Float] = []
            try Context(threads: 2, tileSize: 32).renderStrips(look, rect: IRect(0, 0, 64, 1024), stripHeight: 16) { s in
                out.append(s.row(0)[5].y)
            }
            XCTAssertEqual(out.count, 64)
            XCTAssertNil(node.whole, "\(path): never decoded twice")
            XCTAssertLessThanOrEqual(node.peakRows, 16 + 2 * 7 + 3 * RowStreamNode.chunkRows, "\(path): rows held at once")
        }
        XCTAssertEqual(
            try FormatFixtures.pixels(try ImageIO.open(strips)), try FormatFixtures.pixels(tall),
            "the strip file keeps the pixels")
    }

    func testATruncatedTIFFFailsWithoutAnOutput() throws {
        try FormatFixtures.assertTruncatedStreamsLeaveNoOutput(
            ["tiled.tif", "rgb-lzw.tif"], keeping: (1, 2), outputName: "out.tif")
    }
}
