import Foundation
import TestSupport
import XCTest

@testable import PixelCore

/// One render's cancellation (`lunette serve`'s stale previews): the token reaches the
/// worker threads, stops the tiles not yet started, and leaves other renders and the
/// process-wide request alone.
final class CancelTokenTests: XCTestCase {
    /// A blur then a counting point kernel, in 32-pixel tiles: the token is cancelled by
    /// the kernel itself partway, on a worker thread.
    func testATokenStopsItsRenderAtTheNextTile() throws {
        let lock = NSLock()
        nonisolated(unsafe) var calls = 0
        let token = CancelToken()
        let image = TestImages.random(256, 256, seed: 3).gaussianBlurred(sigma: 2).mapped { p in
            lock.lock(); calls += 1; let n = calls; lock.unlock()
            if n == 3000 { token.cancel() }
            return p
        }
        let context = Context(threads: 2, tileSize: 32), rect = IRect(0, 0, 256, 256)
        XCTAssertThrowsError(try Cancellation.with(token) { try context.render(image, rect: rect) }) { error in
            XCTAssertEqual((error as? LunetteError)?.message, "render cancelled")
        }
        // 64 tiles of 1024 pixels: the ones after the cancel (a few in flight aside) never ran
        XCTAssertLessThan(calls, 256 * 256 / 2)
        XCTAssertNil(Cancellation.current)
        XCTAssertFalse(Cancellation.isRequested)
        XCTAssertTrue(token.isCancelled)
        // the same graph without the token renders whole
        lock.withLock { calls = 0 }
        XCTAssertNoThrow(try context.render(image, rect: rect))
        XCTAssertEqual(calls, 256 * 256)
    }

    /// A render on another thread, under its own live token, is not stopped by a cancelled one.
    func testTokensAreIndependent() throws {
        let image = TestImages.random(128, 96, seed: 9).gaussianBlurred(sigma: 3)
        let rect = IRect(0, 0, 128, 96), context = Context(threads: 2, tileSize: 32)
        let cancelled = CancelToken()
        cancelled.cancel()
        nonisolated(unsafe) var other: Result<PixelBuffer, Error>?
        let done = DispatchSemaphore(value: 0)
        Thread {
            other = Result { try Cancellation.with(CancelToken()) { try context.render(image, rect: rect) } }
            done.signal()
        }.start()
        XCTAssertThrowsError(try Cancellation.with(cancelled) { try context.render(image, rect: rect) })
        done.wait()
        let pixels = try XCTUnwrap(other).get()
        XCTAssertEqual(TestImages.maxDifference(pixels, try context.render(image, rect: rect)), 0)
    }
}
