import CoreImage
import Foundation
import XCTest

/// One CIContext shared by many tasks, as Apple recommends: every render matches a serial one.
final class ConcurrencyTests: XCTestCase {
    func testManyTasksShareOneContext() async throws {
        let context = CIContext()
        let input = CI.small
        let rect = input.extent
        func look(_ i: Int) -> CIImage {
            input.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: Double(i % 4) / 4])
                .clampedToExtent().applyingGaussianBlur(sigma: Double(1 + i % 3)).cropped(to: rect)
        }
        let serial = (0..<12).map { i -> Data in
            let cg = context.createCGImage(look(i), from: rect)!
            return cg.dataProvider!.data!
        }
        let results = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for i in 0..<12 {
                group.addTask {
                    let cg = try XCTUnwrap(context.createCGImage(look(i), from: rect))
                    return (i, try XCTUnwrap(cg.dataProvider?.data))
                }
            }
            var out = [Int: Data]()
            for try await (i, d) in group { out[i] = d }
            return out
        }
        for i in 0..<12 { XCTAssertEqual(results[i], serial[i], "task \(i)") }
    }

    func testPluginsFromManyThreads() throws {
        let input = CI.small
        let expected = CI.floats(input.applyingFilter("XSoftGlow", parameters: [kCIInputRadiusKey: 2]), input.extent)
        let lock = NSLock()
        nonisolated(unsafe) var outputs: [[Float]] = []
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let out = CI.floats(input.applyingFilter("XSoftGlow", parameters: [kCIInputRadiusKey: 2]), input.extent)
            lock.lock(); outputs.append(out); lock.unlock()
        }
        for o in outputs { XCTAssertSamePixels(o, expected) }
    }
}
