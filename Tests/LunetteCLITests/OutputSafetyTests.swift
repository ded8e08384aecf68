import Foundation
import TestSupport
import XCTest

/// Outputs never damage what they write over: devices, FIFOs and sockets are written
/// directly, symlinks are followed, signals remove temporaries, stale ones are swept.
/// Every node is made in the test's own temporary folder, never under /dev.
final class OutputSafetyTests: XCTestCase {
    var cli: CLIHarness!
    override func setUp() { cli = CLIHarness(dir: Fixtures.temporaryDirectory()) }
    override func tearDown() { try? FileManager.default.removeItem(at: cli.dir) }

    let step = ["-f", "CISepiaTone{intensity = 0.5}"]

    func fileType(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & S_IFMT
    }

    func testCharacterDeviceIsWrittenNotReplaced() throws {
        let full = cli.path("full")  // major 1 minor 7 (/dev/full), minor 3 is /dev/null
        guard mknod(full, S_IFCHR | 0o666, dev_t(0x107)) == 0 else { throw XCTSkip("mknod needs root") }
        let r = try cli.run(["apply", Fixtures.astronaut, "-o", full] + step)
        cli.assert(r, exits: 6, saying: "No space left on device")
        XCTAssertEqual(fileType(full), S_IFCHR, "the device node is still a device")
        let zero = cli.path("null")
        XCTAssertEqual(mknod(zero, S_IFCHR | 0o666, dev_t(0x103)), 0)
        XCTAssertEqual(try cli.run(["apply", Fixtures.astronaut, "-o", zero] + step).status, 0)
        XCTAssertEqual(fileType(zero), S_IFCHR)
        XCTAssertEqual(cli.temporaries(), [])
    }

    func testFIFOReaderGetsTheImage() throws {
        let fifo = cli.path("fifo.png")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        nonisolated(unsafe) var received = Data()
        let reader = Thread { received = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data() }
        reader.start()
        let r = try cli.run(["apply", Fixtures.astronaut, "-o", fifo] + step)
        XCTAssertEqual(r.status, 0, r.stderr)
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertEqual(Array(received.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "the reader got a PNG")
        XCTAssertEqual(fileType(fifo), S_IFIFO, "the FIFO is still a FIFO")
    }

    func testSymlinkIsFollowed() throws {
        try FileManager.default.createDirectory(atPath: cli.path("real"), withIntermediateDirectories: true)
        let target = try cli.write("real/target.png", "old")
        let link = cli.path("link.png")
        XCTAssertEqual(symlink("real/target.png", link), 0)
        XCTAssertEqual(try cli.run(["apply", Fixtures.astronaut, "-o", link] + step).status, 0)
        XCTAssertEqual(fileType(link), S_IFLNK, "the link stays a link")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: target))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "its target holds the new image")
        let dangling = cli.path("dangling.png")
        XCTAssertEqual(symlink("real/new.png", dangling), 0)
        XCTAssertEqual(try cli.run(["apply", Fixtures.astronaut, "-o", dangling] + step).status, 0)
        XCTAssertEqual(fileType(dangling), S_IFLNK)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cli.path("real/new.png")), "a dangling link's target is created")
    }

    func testSignalsRemoveTemporariesAndExitConventionally() throws {
        let y4m = cli.path("in.y4m")
        try Data(Y4MSamples.random(width: 320, height: 240, frames: 300)).write(to: URL(fileURLWithPath: y4m))
        for (sig, status) in [(SIGINT, Int32(130)), (SIGTERM, 143), (SIGHUP, 129)] {
            let out = cli.path("out\(sig).y4m")
            let (p, _, _) = try cli.start(["video", "-q", "-i", y4m, "-o", out, "-f", "CIGaussianBlur{radius = 4}"])
            // Wait until the temporary exists, so the signal lands mid-write.
            let deadline = Date().addingTimeInterval(20)
            while cli.temporaries().isEmpty, Date() < deadline, p.isRunning { Thread.sleep(forTimeInterval: 0.02) }
            XCTAssertFalse(cli.temporaries().isEmpty, "the video is being written")
            kill(p.processIdentifier, sig)
            p.waitUntilExit()
            XCTAssertEqual(p.terminationStatus, status, "signal \(sig)")
            XCTAssertEqual(cli.temporaries(), [], "signal \(sig) left a temporary")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no partial output under the target's name")
        }
    }

    func testInterruptedApplyLeavesNothing() throws {
        let out = cli.path("big.png")
        let (p, _, _) = try cli.start([
            "apply", "-o", out, "-f", "CIRandomGenerator{} | CICrop{rectangle = Rect(0, 0, 6000, 6000)}",
            "-f", "CIGaussianBlur{radius = 20}",
        ])
        let deadline = Date().addingTimeInterval(20)
        while cli.temporaries().isEmpty, Date() < deadline, p.isRunning { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertFalse(cli.temporaries().isEmpty, "the image is being written")
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 130)
        XCTAssertEqual(cli.temporaries(), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testStaleTemporariesAreSweptRecentOnesKept() throws {
        let stale = try cli.write(".old.png.lunette-AbC123.tmp", "left by SIGKILL")
        let fresh = try cli.write(".new.png.lunette-XyZ789.tmp", "a run in progress")
        let other = try cli.write(".notes.tmp", "not ours")
        var times = [timeval(tv_sec: time(nil) - 2 * 86400, tv_usec: 0), timeval(tv_sec: time(nil) - 2 * 86400, tv_usec: 0)]
        XCTAssertEqual(utimes(stale, &times), 0)
        XCTAssertEqual(utimes(other, &times), 0)
        XCTAssertEqual(try cli.run(["apply", Fixtures.astronaut, "-o", cli.path("out.png")] + step).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale), "a day-old temporary is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh), "a recent one may belong to a running job")
        XCTAssertTrue(FileManager.default.fileExists(atPath: other), "only lunette's own names are touched")
    }

    func testTerminalIsRefusedForImageData() throws {
        let out = try PseudoTerminal(CLITests.binary, arguments: ["apply", Fixtures.astronaut, "-o", "-"] + step)
        XCTAssertTrue(out.waitFor("not writing image data to a terminal"), out.output)
        XCTAssertEqual(out.finish(), 1)
        let input = try PseudoTerminal(CLITests.binary, arguments: ["apply", "-", "-o", cli.path("x.png")] + step)
        XCTAssertTrue(input.waitFor("standard input is a terminal"), input.output)
        XCTAssertEqual(input.finish(), 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cli.path("x.png")))
    }
}
