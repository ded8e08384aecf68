import Foundation
import TestSupport
import XCTest

/// A broken user plugin costs every command a warning, not its time (issue 20).
final class PluginCLITests: XCTestCase {
    func testALoopingPluginDoesNotHoldDescribeHostage() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plugins = dir.appendingPathComponent("lunette/plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try "while true do end\n".write(to: plugins.appendingPathComponent("loop.lua"), atomically: true, encoding: .utf8)
        let harness = CLIHarness(dir: dir)
        let started = Date()
        let r = try harness.run(["describe", "CISepiaTone"], env: ["XDG_CONFIG_HOME": dir.path])
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("CISepiaTone — Sepia Tone"), r.stdout)
        XCTAssertTrue(r.stderr.contains("loop.lua (loading): CPU budget of 0.5 s exhausted"), r.stderr)
        XCTAssertLessThan(seconds, 3, "describe waited for the plugin's 5 s budget (it took 5.96 s before the load budget)")
    }
}
