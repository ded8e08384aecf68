import Foundation
import TestSupport
import XCTest

/// Batches never overwrite their own inputs, name outputs from a template, and keep each
/// input's depth.
final class BatchNamingTests: XCTestCase {
    var cli: CLIHarness!
    override func setUp() { cli = CLIHarness(dir: Fixtures.temporaryDirectory()) }
    override func tearDown() { try? FileManager.default.removeItem(at: cli.dir) }

    let step = ["-f", "CIColorInvert{}"]

    func photos(_ names: [String: String]) throws -> [String: Data] {
        try FileManager.default.createDirectory(atPath: cli.path("photos"), withIntermediateDirectories: true)
        var originals: [String: Data] = [:]
        for (name, source) in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("pngsuite/" + source)))
            try bytes.write(to: URL(fileURLWithPath: cli.path("photos/" + name)))
            originals[name] = bytes
        }
        return originals
    }

    func testInputsAreNeverOverwrittenWithoutOptIn() throws {
        let originals = try photos(["a.png": "basn2c08.png", "b.png": "basn6a08.png"])
        let r = try cli.run(["apply", "-o", cli.path("photos/"), cli.path("photos/")] + step)
        cli.assert(r, exits: 1, saying: "is one of the inputs: refusing to overwrite originals (--overwrite")
        for (name, bytes) in originals {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cli.path("photos/" + name))), bytes, "\(name) untouched")
        }
        XCTAssertEqual(
            try cli.run(["apply", "-q", "--overwrite", "-o", cli.path("photos/"), cli.path("photos/")] + step).status, 0)
        XCTAssertNotEqual(
            try Data(contentsOf: URL(fileURLWithPath: cli.path("photos/a.png"))), originals["a.png"], "--overwrite edits in place"
        )
    }

    func testNameTemplateWritesBesideOriginals() throws {
        let originals = try photos(["a.png": "basn2c08.png", "b.png": "basn0g08.png"])
        let r = try cli.run(
            ["apply", "-q", "-o", cli.path("photos/"), "--name", "{stem}-look.{ext}", cli.path("photos/")] + step)
        XCTAssertEqual(r.status, 0, r.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: cli.path("photos")).sorted()
        XCTAssertEqual(names, ["a-look.png", "a.png", "b-look.png", "b.png"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cli.path("photos/a.png"))), originals["a.png"])
        let indexed = try cli.run(
            [
                "apply", "-q", "-o", cli.path("out/"), "--name", "{parent}-{index}.png", cli.path("photos/a.png"),
                cli.path("photos/b.png"),
            ] + step)
        XCTAssertEqual(indexed.status, 0, indexed.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: cli.path("out")).sorted(), ["photos-1.png", "photos-2.png"])
        let bad = try cli.run(["apply", "-o", cli.path("o2/"), "--name", "{stem}-{size}.png", cli.path("photos/")] + step)
        cli.assert(bad, exits: 1, saying: "unknown field {size}")
    }

    func testSingleFileOutputWithAFolderInputIsAnError() throws {
        _ = try photos(["a.png": "basn2c08.png"])
        let r = try cli.run(["apply", "-o", cli.path("single.png"), cli.path("photos")] + step)
        cli.assert(r, exits: 1, saying: "several inputs need an output folder, not a file name")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cli.path("single.png")), "no folder named single.png")
    }

    func testOutputDepthFollowsTheInput() throws {
        _ = try photos(["deep.png": "basn2c16.png", "flat.png": "basn2c08.png"])
        XCTAssertEqual(try cli.run(["apply", "-q", "-o", cli.path("out/"), cli.path("photos/")] + step).status, 0)
        let depth = { (name: String) -> UInt8 in try! Data(contentsOf: URL(fileURLWithPath: self.cli.path("out/" + name)))[24] }
        XCTAssertEqual(depth("deep.png"), 16, "16-bit in, 16-bit out")
        XCTAssertEqual(depth("flat.png"), 8)
        XCTAssertEqual(
            try cli.run(["apply", "-q", "--depth", "8", "-o", cli.path("out8/"), cli.path("photos/")] + step).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cli.path("out8/deep.png")))[24], 8, "--depth 8 wins")
        XCTAssertEqual(try cli.run(["apply", cli.path("photos/deep.png"), "-o", cli.path("one.png")] + step).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cli.path("one.png")))[24], 16, "a single image too")
    }
}
