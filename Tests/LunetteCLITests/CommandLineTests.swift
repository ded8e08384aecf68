import Foundation
import TestSupport
import XCTest

/// The command line reads like a Unix tool: scripts run as `lua` runs them, unknown commands
/// are named, help fits 80 columns, filters are found by a word.
final class CommandLineTests: XCTestCase {
    var cli: CLIHarness!
    override func setUp() { cli = CLIHarness(dir: Fixtures.temporaryDirectory()) }
    override func tearDown() { try? FileManager.default.removeItem(at: cli.dir) }

    func testScriptsRunLikeLua() throws {
        let script = try cli.write("hello.lua", "print('hi', arg[0], arg[1])\n")
        let r = try cli.run([script, "x"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "hi\t\(script)\tx\n")
        let e = try cli.run(["-e", "print(#Filter.names() > 100, arg[1])", "y"])
        XCTAssertEqual(e.stdout, "true\ty\n", e.stderr)
        let piped = try ProcessRunner.run(["-", "z"], stdinData: Data("print('from stdin', arg[1])\n".utf8))
        XCTAssertEqual(String(decoding: piped.stdout, as: UTF8.self), "from stdin\tz\n", piped.stderr)
        let missing = try cli.run(["nothere.lua"])
        cli.assert(missing, exits: 6, saying: "nothere.lua: No such file or directory")
        let unknown = try cli.run(["frobnicate"])
        cli.assert(unknown, exits: 1, saying: "unknown command 'frobnicate'")
        XCTAssertTrue(unknown.stderr.contains("apply, video, filters, describe"), unknown.stderr)
    }

    func testHelpFitsEightyColumnsAndNeverSplitsExamples() throws {
        for command in [
            [], ["run"], ["apply"], ["video"], ["filters"], ["describe"], ["try"], ["gallery"], ["serve"], ["batch"],
            ["batch", "status"], ["repl"],
        ] {
            let r = try cli.run(command + ["--help"])
            XCTAssertEqual(r.status, 0, "\(command)")
            let lines = r.stdout.components(separatedBy: "\n")
            for (i, line) in lines.enumerated() {
                XCTAssertLessThanOrEqual(line.count, 80, "\(command): \(line)")
                XCTAssertFalse(
                    line.hasPrefix("'") || line.hasPrefix("-f ") || line.hasPrefix("> "), "\(command): a split example: \(line)")
                if line.hasSuffix(" \\"), i + 1 < lines.count {
                    XCTAssertTrue(lines[i + 1].hasPrefix("    "), "\(command): continuation of \(line)")
                }
            }
        }
    }

    func testFiltersAreFoundByAWord() throws {
        let blur = try cli.run(["filters", "blur"])
        XCTAssertEqual(blur.status, 0)
        XCTAssertTrue(blur.stdout.contains("CIGaussianBlur") && !blur.stdout.contains("CISepiaTone"), blur.stdout)
        let byDescription = try cli.run(["filters", "sepia"])
        XCTAssertTrue(byDescription.stdout.contains("CISepiaTone"), byDescription.stdout)
        cli.assert(try cli.run(["filters", "zzzzqq"]), exits: 3, saying: "no filter matches 'zzzzqq'")
        let several = try cli.run(["describe", "blur"])
        XCTAssertEqual(several.status, 1)
        XCTAssertTrue(several.stdout.contains("'blur' matches") && several.stdout.contains("CIGaussianBlur"), several.stdout)
        let one = try cli.run(["describe", "sepia"])
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.hasPrefix("CISepiaTone"), one.stdout)
    }

    func testLuaFindsCategoriesByShortName() throws {
        let r = try cli.run([
            "-e",
            """
            local blur = Filter.names("blur")
            print(#blur > 0, #blur == #Filter.names("CICategoryBlur"))
            local c = Filter.catalog()
            print(#c.categories == #Filter.categories(), c.summary:match("^(%d+) Categories") == tostring(#Filter.categories()))
            print(pcall(Filter.names, "blr"))
            """,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        XCTAssertEqual(lines.prefix(2), ["true\ttrue", "true\ttrue"])
        XCTAssertTrue(
            lines[2].hasPrefix("false\t") && lines[2].contains("unknown category 'blr' (did you mean"), String(lines[2]))
    }

    func testScriptErrorsShowTheUsersLineAndNoLibraryFrames() throws {
        let script = try cli.write(
            "look.lua",
            "local img = Image.color(Color(1, 0, 0)):cropped(Rect(0, 0, 4, 4))\nlocal s = CIGaussianBlur{radius = -2}\n")
        let r = try cli.run([script])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(
            r.stderr.hasPrefix("lunette: ")
                && r.stderr.hasSuffix("look.lua:2: CIGaussianBlur.inputRadius: expected a number ≥ 0, got -2\n"), r.stderr)
        let chain = try cli.write("chain.lua", "return {steps = {CISepiaTone{intensity = 'strong'}}}\n")
        let c = try cli.run(["apply", Fixtures.astronaut, "-o", cli.path("x.png"), "--chain", chain])
        XCTAssertEqual(c.status, 3)
        XCTAssertTrue(c.stderr.contains("chain.lua:1: CISepiaTone.inputIntensity: expected a number, got string"), c.stderr)
        XCTAssertEqual(c.stderr.split(separator: "\n").count, 1, c.stderr)
        let typo = try cli.write("typo.lua", "return {steps = {CIGausianBlur{radius = 2}}}\n")
        let t = try cli.run(["apply", Fixtures.astronaut, "-o", cli.path("x.png"), "--chain", typo])
        XCTAssertEqual(t.status, 3)
        XCTAssertTrue(t.stderr.contains("typo.lua:1: unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)"), t.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cli.path("x.png")))
    }
}
