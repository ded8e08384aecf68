import Foundation
import PixelCore
import TestSupport
import XCTest

/// Graph depth, wall-time and rect-size limits of the renderer.
final class LimitsTests: XCTestCase {
    override func tearDown() {
        Limits.deadline = nil
        Limits.maxGraphDepth = 2048
    }

    /// `n` point steps over a small image, alternating two kinds of node.
    func chain(_ n: Int, size: Int = 6) -> Image {
        var img = TestImages.random(size, size, seed: 9)
        for i in 0..<n { img = i % 2 == 0 ? img.mapped { $0 * 0.999 } : Image(CropNode(img, Rect(-1, -1, 100, 100 + Double(i)))) }
        return img
    }

    func testDepthCountsTheLongestPath() {
        let a = TestImages.random(4, 4)
        XCTAssertEqual(a.depth, 1)
        let b = a.mapped { $0 }.mapped { $0 }
        XCTAssertEqual(b.depth, 3)
        let c = Image(PointNode([a, b], SourceOverKernel()))
        XCTAssertEqual(c.depth, 4)
    }

    func testTooDeepAGraphIsALimitErrorNotACrash() throws {
        Limits.maxGraphDepth = 50
        let img = chain(60)
        XCTAssertThrowsError(try TestImages.render(img)) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .limit)
            XCTAssertTrue(e?.message.contains("61 steps deep, more than the limit of 50") ?? false, "\(String(describing: e))")
        }
        XCTAssertThrowsError(try Context().renderStrips(img, rect: IRect(0, 0, 6, 6)) { _ in }) { error in
            XCTAssertEqual((error as? LunetteError)?.status, .limit)
        }
    }

    /// The default depth renders on worker threads (several tiles) without exhausting their stacks.
    func testAChainAtTheDefaultDepthRendersOnWorkerThreads() throws {
        let img = chain(Limits.maxGraphDepth - 1, size: 8)
        XCTAssertEqual(img.depth, Limits.maxGraphDepth)
        let out = try Context(threads: 2, tileSize: 4).render(img, rect: IRect(0, 0, 8, 8))
        XCTAssertGreaterThan(out[3, 3].w, 0)
    }

    func testAPassedDeadlineStopsARenderWithALimitError() throws {
        Limits.startTimeLimit(5)
        XCTAssertNoThrow(try TestImages.render(chain(3)))
        Limits.deadline = Limits.now - 1
        XCTAssertThrowsError(try TestImages.render(chain(3))) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .limit)
            XCTAssertEqual(e?.message, "time limit of 5 s exceeded (set --time-limit)")
        }
    }

    func testHugeFiniteExtentsAreLimitErrorsNotConversionTraps() throws {
        let infinite = Image.color(Color(1, 0, 0, 1))
        for r in [Rect(0, 0, 1e200, 1e200), Rect(0, 0, 2e6, 10), Rect(1e15, 0, 10, 10), Rect(-1e16, -1e16, 256, 256)] {
            XCTAssertThrowsError(try Context.renderRect(for: infinite.cropped(to: r)), "\(r)") { error in
                XCTAssertEqual((error as? LunetteError)?.status, .limit, "\(r)")
            }
        }
        XCTAssertEqual(try Context.renderRect(for: infinite.cropped(to: Rect(-3, 2, 10, 5))), IRect(-3, 2, 10, 5))
    }
}

/// The region-of-interest preflight: impossible regions are limit errors before allocation.
final class PreflightTests: XCTestCase {
    let checker = Image(GeneratorNode(extent: .infinite, opaque: true) { x, y in
        (Int(x.rounded(.down)) + Int(y.rounded(.down))) % 2 == 0 ? Pixel(1, 1, 1, 1) : Pixel(0, 0, 0, 1)
    })

    func testAHugeDownscaleOfAnInfiniteImageIsALimitError() throws {
        let tiny = checker.transformed(by: Transform(1e-6, 0, 0, 1e-6, 0, 0)).cropped(to: Rect(0, 0, 8, 8))
        XCTAssertThrowsError(try TestImages.render(tiny)) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .limit)
            XCTAssertTrue(e?.message.contains("pixels of its input for one tile") ?? false, "\(String(describing: e))")
        }
        XCTAssertThrowsError(try Context().renderStrips(tiny, rect: IRect(0, 0, 8, 8)) { _ in })
    }

    func testOrdinaryGraphsPassAndLowerLimitsApply() throws {
        let half = checker.transformed(by: Transform(0.5, 0, 0, 0.5, 0, 0)).cropped(to: Rect(0, 0, 64, 64))
        XCTAssertNoThrow(try TestImages.render(half))
        let saved = Limits.maxPixels
        defer { Limits.maxPixels = saved }
        Limits.maxPixels = 5000
        // 64×64 output; one 64-pixel tile needs about 130×130 input pixels at scale 0.5.
        XCTAssertThrowsError(try Context(tileSize: 64).render(half, rect: IRect(0, 0, 64, 64)))
        XCTAssertNoThrow(try Context(tileSize: 16).render(half, rect: IRect(0, 0, 64, 64)))
    }
}
