import Foundation
import TestSupport
import XCTest

/// The video side of the soak and its limits: a few hundred frames through a chain with
/// `lunette video` (`make soak-video` runs 10,000), and the y4m limits from the command line.
final class VideoSoakTests: XCTestCase {
    var cli: CLIHarness!
    override func setUp() { cli = CLIHarness(dir: Fixtures.temporaryDirectory()) }
    override func tearDown() { try? FileManager.default.removeItem(at: cli.dir) }

    func testFramesThroughAChainAreAllThere() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        // Sanitizers keep freed memory in quarantine: memory drift means nothing there.
        let drift = ProcessInfo.processInfo.environment["LUNETTE_SANITIZER"] == nil ? "10" : "10000"
        p.arguments = [Fixtures.path("scripts/soak/video.sh"), "300", cli.path("video"), drift, "32x24"]
        p.environment = ProcessInfo.processInfo.environment.merging(["LUNETTE": CLITests.binary.path]) { $1 }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        XCTAssertTrue(text.contains("check: 300 frames of 32×24 out, 300 expected, 0 blank"), text)
        let size = try FileManager.default.attributesOfItem(atPath: cli.path("video/out.y4m"))[.size] as? Int
        let header = "YUV4MPEG2 W32 H24 F25:1 Ip A1:1 C420jpeg\n".utf8.count
        XCTAssertEqual(size, header + 300 * (6 + 32 * 24 * 3 / 2))
    }

    func testY4MLimitsFromTheCommandLine() throws {
        let out = cli.path("out.y4m")
        let big = try cli.write("big.y4m", "YUV4MPEG2 W9000 H16 F25:1 C420jpeg\nFRAME\n")
        cli.assert(
            try cli.run(["video", "--untrusted", "-f", "CIColorInvert{}", "-i", big, "-o", out]), exits: 5,
            saying: "9000×16 exceeds the side limit of 8192 pixels")
        let long = try cli.write("long.y4m", "YUV4MPEG2 W2 H2 X" + String(repeating: "a", count: 5000) + "\n")
        cli.assert(try cli.run(["video", "-i", long, "-o", out]), exits: 3, saying: "stream header longer than 4096 bytes")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        // A damaged frame ends the stream after every frame before it: here none, the header alone.
        let frame = try cli.write("frame.y4m", "YUV4MPEG2 W2 H2 C444\nFRAME " + String(repeating: "p", count: 2000) + "\n")
        cli.assert(
            try cli.run(["video", "-i", frame, "-o", out]), exits: 3,
            saying: "frame 0 at byte 21: frame header longer than 1024 bytes")
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "YUV4MPEG2 W2 H2 C444\n")
        XCTAssertEqual(cli.temporaries(), [])
    }
}
