import Foundation
import TestSupport
import XCTest

/// A few hundred small images through a chain (`make soak` runs 10,000): no file lost,
/// memory flat (the script fails past 10 % drift).
final class BatchSoakTests: XCTestCase {
    func testSmallImagesThroughAChainLoseNothingAndDoNotDrift() throws {
        let cli = CLIHarness(dir: Fixtures.temporaryDirectory())
        defer { try? FileManager.default.removeItem(at: cli.dir) }
        // Sanitizers keep freed memory in quarantine: memory drift means nothing there.
        let drift = ProcessInfo.processInfo.environment["LUNETTE_SANITIZER"] == nil ? "10" : "10000"
        let r = try cli.run(["run", Fixtures.path("scripts/soak/batch.lua"), "300", cli.path("batch"), drift])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("300 of 300 outputs verified"), r.stdout)
        XCTAssertTrue(r.stdout.contains("batch: memory drift"), r.stdout)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: cli.path("batch/out"))
        XCTAssertEqual(outputs.filter { $0.hasSuffix(".png") }.count, 300)
        XCTAssertEqual(outputs.filter { $0.hasSuffix(".tmp") }, [])
    }
}
