import Foundation
import TestSupport
import XCTest

/// Outputs under write failures and kills: the target is either absent or keeps its
/// previous content, and failed writes leave no temporary files.
final class FaultInjectionTests: XCTestCase {
    var cli: CLIHarness!
    override func setUp() { cli = CLIHarness(dir: Fixtures.temporaryDirectory()) }
    override func tearDown() { try? FileManager.default.removeItem(at: cli.dir) }

    /// A noisy 400×400 PNG of about 470 kB: every small file-size cap cuts it short.
    let bigOutput = ["-f", "CIRandomGenerator{}", "-f", "CICrop{rectangle = Rect(0, 0, 400, 400)}"]
    let previous = Data("previous content".utf8)

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func testFileSizeLimitFailsTheWriteCleanly() throws {
        if ProcessInfo.processInfo.environment["LUNETTE_SANITIZER"] == "thread" {
            throw XCTSkip("ThreadSanitizer's runtime dies of SIGBUS under a file-size cap")
        }
        // RLIMIT_FSIZE with SIGXFSZ ignored: write() fails with EFBIG part-way through.
        let shell = "trap '' XFSZ; ulimit -f 64"
        let fresh = cli.path("fresh.png"), kept = cli.path("kept.png")
        try previous.write(to: URL(fileURLWithPath: kept))
        for target in [fresh, kept] {
            let r = try cli.run(["apply", "-o", target] + bigOutput, shell: shell)
            XCTAssertEqual(r.status, 6, r.stderr)
            XCTAssertTrue(r.stderr.hasPrefix("lunette: \(target): write failed (File too large)"), r.stderr)
            XCTAssertEqual(r.stderr.filter { $0 == "\n" }.count, 1, "one line: \(r.stderr)")
        }
        XCTAssertNil(contents(fresh))
        XCTAssertEqual(contents(kept), previous)
        XCTAssertEqual(cli.temporaries(), [])
        // The same command without the cap succeeds, so the cap was the only cause.
        XCTAssertEqual(try cli.run(["apply", "-o", fresh] + bigOutput).status, 0)
        XCTAssertGreaterThan(contents(fresh)?.count ?? 0, 400 * 1024)
    }

    func testFullDiskFailsTheWriteCleanly() throws {
        let mnt = cli.dir.appendingPathComponent("small").path
        try FileManager.default.createDirectory(atPath: mnt, withIntermediateDirectories: true)
        let mount = try cli.run([], shell: "mount -t tmpfs -o size=128k tmpfs '\(mnt)' 2>/dev/null || exit 99; exit 0")
        guard mount.status == 0 else { throw XCTSkip("cannot mount a small tmpfs here (needs root)") }
        defer { _ = try? cli.run([], shell: "umount '\(mnt)'; exit 0") }
        let kept = mnt + "/kept.png", fresh = mnt + "/fresh.png"
        try previous.write(to: URL(fileURLWithPath: kept))
        for target in [kept, fresh] {
            let r = try cli.run(["apply", "-o", target] + bigOutput)
            XCTAssertEqual(r.status, 6, r.stderr)
            XCTAssertTrue(r.stderr.contains("\(target): write failed (No space left on device)"), r.stderr)
        }
        XCTAssertEqual(contents(kept), previous)
        XCTAssertNil(contents(fresh))
        let left = try FileManager.default.contentsOfDirectory(atPath: mnt)
        XCTAssertEqual(left, ["kept.png"], "no temporary files on the full disk")
    }

    /// SIGKILL while a large render is being written: the target never holds a partial file.
    func testKillingTheProcessMidWriteLeavesNoPartialTarget() throws {
        let kept = cli.path("kept.png"), fresh = cli.path("fresh.png")
        try previous.write(to: URL(fileURLWithPath: kept))
        // Tall and narrow: the first strip is written quickly, the rest takes a while.
        let huge = ["-f", "CIRandomGenerator{}", "-f", "CICrop{rectangle = Rect(0, 0, 300, 40000)}"]
        for target in [kept, fresh] {
            let (p, _, _) = try cli.start(["apply", "-o", target] + huge)
            let name = URL(fileURLWithPath: target).lastPathComponent
            var sawTemporary = false
            let deadline = Date().addingTimeInterval(60)
            while p.isRunning && Date() < deadline {
                let tmp = cli.temporaries().filter { $0.hasPrefix("." + name) }
                if let t = tmp.first, (try? FileManager.default.attributesOfItem(atPath: cli.path(t))[.size] as? Int) ?? 0 > 0 {
                    sawTemporary = true
                    break
                }
                usleep(2000)
            }
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationReason, .uncaughtSignal)
            XCTAssertTrue(sawTemporary, "the write had started")
        }
        XCTAssertEqual(contents(kept), previous, "the previous file is untouched")
        XCTAssertNil(contents(fresh), "no partial file under the target's name")
    }
}
