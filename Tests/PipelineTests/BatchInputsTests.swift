import Foundation
import Pipeline
import PixelCore
import TestSupport
import XCTest

/// Batch jobs from the command line's inputs: expansion, output names, collisions and the
/// refusal to overwrite inputs.
final class BatchInputsTests: ScratchTestCase {
    func touch(_ names: [String]) throws -> [String] {
        try names.map { name in
            let p = path(name)
            try FileManager.default.createDirectory(
                atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data([1]).write(to: URL(fileURLWithPath: p))
            return p
        }
    }

    func status(_ body: () throws -> Void) -> ExitStatus? {
        do { try body() } catch let e as LunetteError { return e.status } catch { return nil }
        return nil
    }

    func testNamesFollowTheTemplate() {
        XCTAssertEqual(OutputName.expand("{stem}-look.{ext}", input: "/a/photos/IMG_1.JPG", index: 3), "IMG_1-look.JPG")
        XCTAssertEqual(OutputName.expand("{parent}/{index}.png", input: "shots/x.png", index: 12), "shots/12.png")
        XCTAssertEqual(OutputName.expand(OutputName.default, input: "a.b.tif", index: 1), "a.b.png")
        XCTAssertNoThrow(try OutputName.check("{stem}-{index}.{ext}"))
        for bad in ["{stem", "{size}.png", "", "/abs.png", "dir/"] {
            XCTAssertEqual(status { try OutputName.check(bad) }, .usage, bad)
        }
    }

    func testDirectoriesExpandToImagesAndGlobsMustMatch() throws {
        _ = try touch(["in/b.png", "in/a.JPG", "in/.hidden.png", "in/notes.txt", "in/c.webp"])
        let files = try BatchInputs.expand([path("in")]).map { ($0 as NSString).lastPathComponent }
        XCTAssertTrue(files.contains("b.png"), "\(files)")
        XCTAssertFalse(files.contains(".hidden.png"), "hidden files are skipped")
        XCTAssertEqual(status { _ = try BatchInputs.expand([self.path("in") + "/*.gif"]) }, .usage)
        XCTAssertEqual(status { _ = try BatchInputs.expand(["-", "x.png"]) }, .usage)
    }

    func testOutputsThatResolveToInputsAreRefused() throws {
        let inputs = try touch(["p/a.png", "p/b.png"])
        XCTAssertEqual(status { _ = try BatchInputs.jobs(inputs, outputDirectory: self.path("p")) }, .usage)
        // Through a symlinked folder the output is still the input.
        XCTAssertEqual(symlink(path("p"), path("alias")), 0)
        XCTAssertEqual(status { _ = try BatchInputs.jobs(inputs, outputDirectory: self.path("alias/")) }, .usage)
        XCTAssertEqual(
            try BatchInputs.jobs(inputs, outputDirectory: path("p"), overwrite: true).map(\.output),
            [path("p") + "/a.png", path("p") + "/b.png"])
        let beside = try BatchInputs.jobs(inputs, outputDirectory: path("p"), name: "{stem}-look.png")
        XCTAssertEqual(beside.map { ($0.output as NSString).lastPathComponent }, ["a-look.png", "b-look.png"])
    }

    func testCollisionsAndFileLikeOutputsAreUsageErrors() throws {
        let inputs = try touch(["x/one.png", "y/one.png"])
        XCTAssertEqual(status { _ = try BatchInputs.jobs(inputs, outputDirectory: self.path("out")) }, .usage)
        XCTAssertEqual(
            try BatchInputs.jobs(inputs, outputDirectory: path("out"), name: "{parent}-{stem}.png").map(\.output),
            [path("out") + "/x-one.png", path("out") + "/y-one.png"])
        XCTAssertEqual(
            status { _ = try BatchInputs.jobs(inputs, outputDirectory: self.path("single.png"), name: "{index}.png") }, .usage)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("single.png")))
        // Every extension of the codec list names a file, OpenEXR's too.
        for name in ["single.exr", "single.jpe", "single.AVIF"] {
            XCTAssertEqual(status { _ = try BatchInputs.jobs(inputs, outputDirectory: self.path(name)) }, .usage, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(name)))
        }
    }
}
