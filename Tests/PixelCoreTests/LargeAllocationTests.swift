import Foundation
import XCTest

@testable import PixelCore

/// Whole-image buffers come back from the pool: the same memory for the next buffer of about
/// the same size, zero-filled again where a zeroed buffer is asked for, and the pool never
/// holds more than its limit.
final class LargeAllocationTests: XCTestCase {
    let big = IRect(0, 0, 1600, 1400)  // 35.8 MB of pixels, over the 4 MiB threshold

    /// The pool is the process's: other tests (and their background threads) may have put
    /// mappings in it, so it starts empty and the checks look for this test's own mappings.
    override func setUp() { drain() }

    override func tearDown() { drain() }

    func drain() {
        LargeAllocation.lock.lock()
        let kept = LargeAllocation.pool.map(\.mapping)
        LargeAllocation.pool.removeAll()
        LargeAllocation.poolLimit = min(1 << 30, Int(ProcessInfo.processInfo.physicalMemory / 8))
        LargeAllocation.lock.unlock()
        for m in kept { free(m) }
    }

    func mappings() -> [UnsafeMutableRawPointer] {
        LargeAllocation.lock.lock()
        defer { LargeAllocation.lock.unlock() }
        return LargeAllocation.pool.map(\.mapping)
    }

    /// Whether the pool keeps the mapping that `pixels` lay in.
    func holds(_ pixels: UnsafeMutableRawPointer) -> Bool {
        mappings().contains { pixels >= $0 && pixels - $0 < LargeAllocation.slack }
    }

    func testReleasedBufferIsReusedAndZeroedWhenAskedFor() {
        var first: PixelBuffer? = PixelBuffer(uninitialized: big)
        first!.pixels.update(repeating: Pixel(0.25, 0.5, 0.75, 1), count: big.count)
        let pixels = UnsafeMutableRawPointer(first!.pixels)
        first = nil
        XCTAssertTrue(holds(pixels), "the released mapping is kept")
        let second = PixelBuffer(big)
        XCTAssertFalse(holds(pixels), "the kept mapping is handed out again")
        let distance = abs(UnsafeMutableRawPointer(second.pixels) - pixels)
        XCTAssertLessThan(distance, LargeAllocation.slack, "the same mapping, at another offset")
        XCTAssertEqual(Int(bitPattern: second.pixels) % 64, 0, "pixels start on a cache line")
        for i in Swift.stride(from: 0, to: big.count, by: 4099) { XCTAssertEqual(second.pixels[i], .zero) }
        XCTAssertEqual(second.pixels[big.count - 1], .zero)
    }

    func testMuchSmallerBufferGetsFreshMemory() {
        var first: PixelBuffer? = PixelBuffer(uninitialized: big)
        let pixels = UnsafeMutableRawPointer(first!.pixels)
        first = nil
        _ = first
        let small = PixelBuffer(uninitialized: IRect(0, 0, 1600, 1100))  // 28 MB less: not a fit
        XCTAssertTrue(holds(pixels), "a mapping much larger than asked for stays in the pool")
        XCTAssertGreaterThanOrEqual(abs(UnsafeMutableRawPointer(small.pixels) - pixels), LargeAllocation.slack)
    }

    /// A 720p frame (14.7 MB) lies past glibc's trim threshold: kept here, not faulted in again.
    func testFrameSizedBufferIsKept() {
        var frame: PixelBuffer? = PixelBuffer(uninitialized: IRect(0, 0, 1280, 720))
        let pixels = UnsafeMutableRawPointer(frame!.pixels)
        frame = nil
        _ = frame
        XCTAssertTrue(holds(pixels), "the released frame's mapping is kept")
    }

    func testPoolStaysWithinItsLimit() {
        LargeAllocation.poolLimit = 80 << 20  // room for two of these buffers, not three
        var buffers: [PixelBuffer?] = (0..<3).map { _ in PixelBuffer(uninitialized: big) }
        let oldest = UnsafeMutableRawPointer(buffers[0]!.pixels)
        for i in buffers.indices { buffers[i] = nil }  // released oldest first
        XCTAssertFalse(holds(oldest), "the first released mapping is freed")
        XCTAssertLessThanOrEqual(mappings().count, 2)
    }
}
