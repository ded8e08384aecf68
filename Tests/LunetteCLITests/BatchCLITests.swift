import Foundation
import TestSupport
import XCTest

/// `lunette apply --chain … -o DIR IN…`: batches with bad files, folders, globs, chain files.
final class BatchCLITests: ScratchTestCase {
    /// Small PNGs from the PNG suite, copied under new names; `corrupt` ones are cut in half.
    func inputs(_ names: [String], corrupt: Set<String> = [], in folder: String = "in") throws -> [String] {
        try FileManager.default.createDirectory(atPath: path(folder), withIntermediateDirectories: true)
        let sources = ["basn2c08.png", "basn6a08.png", "basn0g08.png", "basi2c08.png"]
        return try names.enumerated().map { i, name in
            var bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("pngsuite/" + sources[i % sources.count])))
            if corrupt.contains(name) { bytes = bytes.prefix(bytes.count / 2) }
            let p = path(folder + "/" + name)
            try bytes.write(to: URL(fileURLWithPath: p))
            return p
        }
    }

    func chainFile() throws -> String {
        let p = path("look.lua")
        try """
        return {steps = {
          {filter = "CISepiaTone", inputs = {intensity = 0.7}},
          {filter = "CIColorInvert", inputs = {}},
        }}
        """.write(toFile: p, atomically: true, encoding: .utf8)
        return p
    }

    func testACorruptFileInTheMiddleIsReportedAndSkipped() throws {
        let files = try inputs(["a.png", "b.png", "c.png", "d.png"], corrupt: ["b.png"])
        let r = try ProcessRunner.run(["apply", "--chain", try chainFile(), "-o", path("out")] + files)
        XCTAssertEqual(r.status, 4, "the status of the failure (a truncated PNG): \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("lunette: \(files[1]): truncated PNG"), r.stderr)
        XCTAssertTrue(r.stderr.contains("apply: 3 of 4 images written to \(path("out")), 1 failed ("), r.stderr)
        XCTAssertTrue(r.stderr.contains("apply: ["), "plain progress lines when stderr is not a terminal: \(r.stderr)")
        let written = try FileManager.default.contentsOfDirectory(atPath: path("out")).sorted()
        XCTAssertEqual(written, ["a.png", "c.png", "d.png"], "no output and no temporary file for the bad one")
        // The batch output equals the single-image output of the same chain.
        let single = try ProcessRunner.run(["apply", files[2], "-o", path("single.png"), "--chain", try chainFile()])
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("single.png"))),
            try Data(contentsOf: URL(fileURLWithPath: path("out/c.png"))))
        let steps = try ProcessRunner.run([
            "apply", files[2], "-o", path("steps.png"), "-f", "CISepiaTone{intensity = 0.7}",
            "-f", "CIColorInvert{}",
        ])
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: path("steps.png"))),
            try Data(contentsOf: URL(fileURLWithPath: path("single.png"))), steps.stderr)
    }

    func testFailFastStopsStartingNewImages() throws {
        let files = try inputs(["a.png", "b.png", "c.png", "d.png"], corrupt: ["a.png"])
        let r = try ProcessRunner.run(
            ["apply", "--fail-fast", "--threads", "1", "-f", "CIColorInvert{}", "-o", path("out")] + files)
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.contains("apply: 0 of 4 images written"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("out")), [])
    }

    func testFoldersGlobsAndErrors() throws {
        _ = try inputs(["one.png", "two.png", "notes.txt"], in: "photos")
        _ = try inputs(["x1.png", "x2.png", "y.png"], in: "more")
        let r = try ProcessRunner.run([
            "apply", "-q", "--chain", try chainFile(), "-o", path("out") + "/",
            path("photos"), path("more") + "/x*.png",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("apply: 4 of 4 images written"), r.stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: path("out")).sorted(), ["one.png", "two.png", "x1.png", "x2.png"])
        let clash = try ProcessRunner.run([
            "apply", "-f", "CIColorInvert{}", "-o", path("o2"), path("photos/one.png"), path("photos") + "/*.png",
        ])
        XCTAssertEqual(clash.status, 1, clash.stderr)
        XCTAssertTrue(
            clash.stderr.contains("would both be written to ") && clash.stderr.contains("/one.png (use --name"), clash.stderr)
        let none = try ProcessRunner.run(["apply", "-f", "CIColorInvert{}", "-o", path("o3"), path("photos") + "/*.jpg"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("no files match"), none.stderr)
        let missing = try ProcessRunner.run([
            "apply", "-f", "CIColorInvert{}", "-o", path("o4"), path("photos/one.png"), path("nope.png"),
        ])
        XCTAssertEqual(missing.status, 6, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("nope.png: No such file or directory"), missing.stderr)
        let badChain = try ProcessRunner.run(["apply", "--chain", path("photos/notes.txt"), "-o", path("o5"), path("photos")])
        XCTAssertEqual(badChain.status, 3, "a bad chain file is a bad file: \(badChain.stderr)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("o5")), "nothing starts when the chain does not load")
    }
}
