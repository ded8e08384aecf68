import Foundation
import PixelCore
import TestSupport
import XCTest

/// The tiled renderer: tiling and threading never change results; shared nodes run once per tile.
final class RendererTests: XCTestCase {
    func chain() -> Image {
        let a = TestImages.random(70, 45, seed: 3, origin: (-7, 4))
        let blurred = Image(
            AreaNode(a, haloX: 2, haloY: 1) { src, dst in
                for y in dst.rect.y..<dst.rect.maxY {
                    for x in dst.rect.x..<dst.rect.maxX {
                        var acc = Pixel.zero
                        for dy in -1...1 { for dx in -2...2 { acc += src[x + dx, y + dy] } }
                        dst[x, y] = acc / 15
                    }
                }
            })
        return blurred.mapped { $0 * 0.5 }.transformed(by: .rotation(0.2)).clampedToExtent()
            .cropped(to: Rect(-20, -10, 100, 80))
    }

    func testTileSizeAndThreadsDoNotChangeTheResult() throws {
        let img = chain()
        let rect = IRect(covering: img.extent)
        let reference = try Context(threads: 1, tileSize: 4096).render(img, rect: rect)
        for (threads, tile) in [(1, 7), (2, 16), (4, 33), (3, 64)] {
            let got = try Context(threads: threads, tileSize: tile).render(img, rect: rect)
            XCTAssertEqual(TestImages.maxDifference(reference, got), 0, "threads \(threads) tile \(tile)")
        }
    }

    func testStripsCoverTheRectTopDown() throws {
        let img = chain()
        let rect = IRect(covering: img.extent)
        let whole = try Context().render(img, rect: rect)
        var lastTop = Int.max
        var rows = 0
        try Context(tileSize: 32).renderStrips(img, rect: rect, stripHeight: 17) { strip in
            XCTAssertLessThanOrEqual(strip.rect.maxY, lastTop)
            lastTop = strip.rect.y
            rows += strip.height
            XCTAssertEqual(TestImages.maxDifference(strip, whole), 0)
        }
        XCTAssertEqual(rows, rect.height)
    }

    final class Counter: @unchecked Sendable {
        let lock = NSLock()
        var count = 0
        func bump() { lock.lock(); count += 1; lock.unlock() }
    }

    func testASharedNodeIsComputedOncePerTile() throws {
        let counter = Counter()
        let src = TestImages.random(16, 16, seed: 1)
        let shared = Image(
            AreaNode(src, haloX: 0, haloY: 0) { s, d in
                counter.bump(); d.copy(from: s)
            })
        let both = Image(PointNode([shared.mapped { $0 * 0.5 }, shared], SourceOverKernel()))
        _ = try Context(threads: 1, tileSize: 16).render(both, rect: IRect(0, 0, 16, 16))
        XCTAssertEqual(counter.count, 1)
    }

    func testPointNodesKeepTheirInputsExtent() throws {
        let img = TestImages.random(4, 4, seed: 2).mapped(preservesAlpha: false) { _ in Pixel(1, 1, 1, 1) }
        let out = try Context().render(img, rect: IRect(-2, -2, 8, 8))
        XCTAssertEqual(out[-1, -1], .zero)
        XCTAssertEqual(out[0, 0], Pixel(1, 1, 1, 1))
    }

    func testInfiniteImagesNeedACrop() {
        XCTAssertThrowsError(try Context.renderRect(for: Image.color(Color(1, 0, 0)))) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .invalidInput)
        }
    }

    func testSRGBRoundTripsEveryEightBitValue() {
        let table = Transfer.decodeTable(bits: 8, curve: .srgb)
        for v in 0..<256 { XCTAssertEqual(Int(Transfer.encode8(table[v])), v) }
        let t16 = Transfer.decodeTable(bits: 16, curve: .srgb)
        for v in stride(from: 0, to: 65536, by: 97) { XCTAssertEqual(Int(Transfer.encode16(t16[v])), v, accuracy: 1) }
    }
}
