import Foundation
import XCTest

/// A test case with a scratch folder of its own for each test: `dir` is made before the
/// test and removed, with everything in it, after it; `path(name)` is a file in it.
/// Swift: `final class BatchCLITests: ScratchTestCase { … path("out.png") … }`
open class ScratchTestCase: XCTestCase {
    public var dir: URL!

    open override func setUp() {
        super.setUp()
        dir = Fixtures.temporaryDirectory()
    }

    open override func tearDown() {
        try? FileManager.default.removeItem(at: dir)
        super.tearDown()
    }

    /// The path of `name` in the scratch folder.
    public func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
}
