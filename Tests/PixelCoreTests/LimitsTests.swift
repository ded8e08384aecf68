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

    /// A pass-through node that counts how often its extent and opacity are asked for.
    final class CountingNode: ImageNode, @unchecked Sendable {
        nonisolated(unsafe) static var asked = 0
        let inputs: [Image]
        init(_ input: Image) { inputs = [input] }
        var kind: NodeKind { .point }
        var extent: Rect { Self.asked += 1; return inputs[0].extent }
        var isOpaque: Bool { Self.asked += 1; return inputs[0].isOpaque }
        func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.rect }
        func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer { session.render(inputs[0], rect) }
    }

    /// Extent and opacity are each worked out once per node, when its image is made: asking
    /// at the top of a deep chain does not walk it (the Lua fuzzer overflowed the stack so).
    func testExtentAndOpacityDoNotWalkTheGraph() {
        CountingNode.asked = 0
        var img = TestImages.random(4, 4)
        for _ in 0..<1000 { img = Image(CountingNode(img)) }
        XCTAssertEqual(CountingNode.asked, 2000)
        for _ in 0..<10 {
            XCTAssertEqual(img.extent, Rect(0, 0, 4, 4))
            XCTAssertFalse(img.isOpaque)
        }
        XCTAssertEqual(CountingNode.asked, 2000, "no node asked again")
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

    /// Clamp, blur and crop back to 8×8, up to the depth limit, rendered from a thread with a
    /// 1 MiB stack (where the recursion does not fit): renders of deep graphs run on deep
    /// stacks of their own, for one tile and for several in parallel. (The Lua fuzzer
    /// overflowed the main thread's stack with a chain of blurs under AddressSanitizer.)
    func testDeepBlurChainsRenderWithoutExhaustingTheStack() throws {
        var img = TestImages.random(8, 8, seed: 4)
        while img.depth + 3 <= Limits.maxGraphDepth {
            img = Image(CropNode(Image(GaussianBlurNode(img.clampedToExtent(), sigma: 2)), Rect(0, 0, 8, 8)))
        }
        XCTAssertGreaterThan(img.depth, Limits.maxGraphDepth - 3)
        let chain = img
        nonisolated(unsafe) var one: PixelBuffer?, four: PixelBuffer?
        let done = DispatchSemaphore(value: 0)
        let caller = Thread {
            one = try? Context(threads: 1).render(chain, rect: IRect(0, 0, 8, 8))
            four = try? Context(threads: 2, tileSize: 4).render(chain, rect: IRect(0, 0, 8, 8))
            done.signal()
        }
        caller.stackSize = 1 << 20
        caller.start()
        done.wait()
        let a = try XCTUnwrap(one), b = try XCTUnwrap(four)
        XCTAssertGreaterThan(a[3, 3].w, 0.1)
        XCTAssertEqual(a[3, 3], b[3, 3])
    }

    /// A render cancelled halfway (Ctrl-C in the REPL) keeps none of the blocks a decimated
    /// blur made after the request, from inputs that were no longer rendered: the same image
    /// rendered again has the pixels of a fresh one.
    func testACancelledBlurKeepsNothingItMadeAfterwards() throws {
        let src = TestImages.random(300, 200, seed: 5).mapped { $0 * 0.5 }  // rendered, not borrowed
        let blurred = src.gaussianBlurred(sigma: 12), rect = IRect(0, 0, 300, 200)
        nonisolated(unsafe) var polls = 0
        Cancellation.external = {
            polls += 1; return polls > 2
        }
        defer { Cancellation.external = nil; Cancellation.reset() }
        XCTAssertThrowsError(try Context(threads: 1, tileSize: 64).render(blurred, rect: rect))
        XCTAssertGreaterThan(polls, 2)
        Cancellation.external = nil
        Cancellation.reset()
        let again = try Context(threads: 1, tileSize: 64).render(blurred, rect: rect)
        let fresh = try Context(threads: 1, tileSize: 64).render(src.gaussianBlurred(sigma: 12), rect: rect)
        XCTAssertEqual(TestImages.maxDifference(again, fresh), 0)
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
    let checker = Image(
        GeneratorNode(extent: .infinite, opaque: true) { x, y in
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
