import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// The CLI's streamed pipeline (`lunette apply in.png -o out.png -f 'CIGaussianBlur{radius
/// = 10}'`) on a tall image: the decimated blur keeps only a few strips' worth of blocks,
/// and none it still needs is dropped, so the file is decoded once.
final class StreamedBlurTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }

    func testTallBlurDecodesOnceAndMatchesTheEagerRender() throws {
        // 1000 rows: the blocks of its top rows are dropped before the bottom renders.
        let photo = try ImageIO.load(Fixtures.coffee)
        let tall = photo.transformed(by: .scale(64 / photo.extent.width, 1000 / photo.extent.height))
        let path = dir.appendingPathComponent("tall.png").path
        try PNGEncoder.write(tall, to: path)
        let look = { (img: Image) in img.clampedToExtent().gaussianBlurred(sigma: 10).cropped(to: img.extent) }

        let saved = PNGStreamNode.aheadBytes
        PNGStreamNode.aheadBytes = 0  // the helper reads one chunk ahead
        defer { PNGStreamNode.aheadBytes = saved }
        let streamed = try ImageIO.open(path)
        let node = try XCTUnwrap(streamed.node as? PNGStreamNode)
        let context = Context(threads: 2)
        let bytes = try PNGEncoder.encode(look(streamed), context: context)
        XCTAssertNil(node.whole, "a block the strips still needed was dropped: the file was decoded again")
        XCTAssertLessThan(node.peakRows, 600, "rows held at once")
        XCTAssertEqual(bytes, try PNGEncoder.encode(look(try ImageIO.load(path)), context: context))
    }

    func testStripsAreAtLeast32Rows() {
        XCTAssertEqual(PNGEncoder.stripHeight(width: 7680), 32)
        XCTAssertEqual(PNGEncoder.stripHeight(width: 3840), 34)
        XCTAssertEqual(PNGEncoder.stripHeight(width: 100), 256)
    }
}
