import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// `ImageIO.open` on a WebP: rows from libwebp's incremental decoder as the image renders
/// (the file fed in 64 KiB pieces); the same pixels as the whole-image decoder.
final class WebPStreamTests: XCTestCase {
    func testStreamedWebPsEqualTheWholeImageDecoder() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A file of several pieces, lossy and lossless, besides the small fixtures.
        let photo = try ImageIO.load(Fixtures.coffee).cropped(to: Rect(0, 0, 400, 300))
        var paths = ["lossy", "lossless", "alpha"].map { FormatFixtures.path($0 + ".webp") }
        for lossless in [false, true] {
            var o = SaveOptions()
            o.lossless = lossless
            let path = dir.appendingPathComponent("photo-\(lossless).webp").path
            try ImageWriter.write(photo, to: path, options: o)
            paths.append(path)
        }
        XCTAssertGreaterThan(try AtomicFile.read(paths[4]).count, 1 << 17, "a lossless file of several pieces")
        for path in paths {
            let (streamed, whole) = try FormatFixtures.assertStreamsLikeWholeDecode(path, path)
            XCTAssertEqual(streamed.metadata?.properties["Compression"], whole.metadata?.properties["Compression"])
        }
    }

    func testATruncatedWebPFailsTheRenderWithoutAnOutput() throws {
        try FormatFixtures.assertTruncatedStreamsLeaveNoOutput(
            ["lossy.webp", "lossless.webp"], keeping: (2, 3), outputName: "out.png")
    }
}
