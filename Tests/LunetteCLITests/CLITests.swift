import Foundation
import TestSupport
import XCTest

/// The `lunette` executable end to end: outputs, exit codes and error lines.
final class CLITests: ScratchTestCase {
    static let binary: URL = {
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return [build, build.deletingLastPathComponent()].map { $0.appendingPathComponent("lunette") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? build.appendingPathComponent("lunette")
    }()

    struct Result { var status: Int32; var stdout: Data; var stderr: String }

    @discardableResult
    func lunette(_ args: [String], stdin: Data? = nil, env: [String: String] = [:]) throws -> Result {
        let r = try ProcessRunner.run(
            args, stdinData: stdin, environment: ProcessInfo.processInfo.environment.merging(env) { $1 })
        return Result(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }

    func testVersionAndHelp() throws {
        let v = try lunette(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertEqual(String(decoding: v.stdout, as: UTF8.self), "lunette 0.1.0\n")
        let verbose = String(decoding: try lunette(["--version", "-v"]).stdout, as: UTF8.self)
        XCTAssertTrue(verbose.hasPrefix("lunette 0.1.0\n  Lua 5.4") && verbose.contains("\n  libpng 1.6"), verbose)
        for library in ["zlib", "libdeflate", "ISA-L", "libjpeg", "libwebp", "libtiff", "libheif", "lcms2", "OpenEXR", "zint"] {
            XCTAssertTrue(verbose.contains("\n  \(library) "), "\(library) in \(verbose)")
        }
        XCTAssertTrue(verbose.contains("\n  data ") && verbose.contains("(checkout)"), verbose)
        let h = try lunette(["apply", "--help"])
        XCTAssertEqual(h.status, 0)
        XCTAssertTrue(String(decoding: h.stdout, as: UTF8.self).contains("CISepiaTone"))
    }

    /// Libraries one feature needs are opened at its first use: an empty script's start loads
    /// neither the text libraries nor libedit; a text filter opens the text libraries (glibc's
    /// loader lists every file it opens with LD_DEBUG=files).
    func testStartUpLoadsNoTextOrEditingLibrary() throws {
        let script = path("empty.lua")
        try Data().write(to: URL(fileURLWithPath: script))
        let start = try lunette(["run", script], env: ["LD_DEBUG": "files"])
        XCTAssertEqual(start.status, 0, start.stderr)
        XCTAssertTrue(start.stderr.contains("libpng16"), "the loader's list: \(start.stderr.prefix(400))")
        for library in ["libfreetype", "libharfbuzz", "libfontconfig", "libedit"] {
            XCTAssertFalse(start.stderr.contains(library), "\(library) loaded at start")
        }
        let text = try lunette(
            ["apply", "-o", path("t.png"), "-f", #"CITextImageGenerator{text = "Hi", fontSize = 20}"#], env: ["LD_DEBUG": "files"]
        )
        XCTAssertEqual(text.status, 0, text.stderr)
        for library in ["libfreetype", "libharfbuzz", "libfontconfig"] {
            XCTAssertTrue(text.stderr.contains(library), "\(library) opened for text")
        }
    }

    func testApplyWritesAPNG() throws {
        let out = path("out.png")
        let r = try lunette([
            "apply", Fixtures.astronaut, "-o", out, "-f", "CISepiaTone{inputIntensity=0.8}",
            "-f", "CIGaussianBlur{radius = 2}",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4e, 0x47])
        XCTAssertEqual(Array(bytes[16..<24]), [0, 0, 2, 0, 0, 0, 2, 0], "presentable: the input's 512 × 512")
        XCTAssertEqual(bytes[25], 2, "an opaque result is RGB, no alpha channel")
        let raw = path("raw.png")
        XCTAssertEqual(
            try lunette(["apply", Fixtures.astronaut, "-o", raw, "--raw", "-f", "CIGaussianBlur{radius = 2}"]).status, 0)
        let rawBytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        XCTAssertEqual(Array(rawBytes[16..<24]), [0, 0, 2, 0x0e, 0, 0, 2, 0x0e], "--raw: 512 + 2 × 7 pixels each way")
        XCTAssertEqual(rawBytes[25], 6, "a raw blur's fading border needs alpha")
    }

    func testStepNamesAreCaseInsensitiveWithOptionalPrefix() throws {
        let out = path("lower.png")
        let r = try lunette([
            "apply", Fixtures.astronaut, "-o", out, "-f", "sepiatone{intensity = 0.5}", "-f", "CIgaussianblur{radius = 1}",
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    func testApplyThroughPipesAndSixteenBits() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: Fixtures.coffee))
        let r = try lunette(["apply", "-", "-o", "-", "--depth", "16", "-f", "CIColorControls{saturation = 0}"], stdin: input)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(Array(r.stdout.prefix(4)), [0x89, 0x50, 0x4e, 0x47])
        XCTAssertEqual(r.stdout[24], 16, "bit depth")
    }

    func testExitCodesAndOneLineErrors() throws {
        let out = path("never.png")
        let cases: [([String], Int32, String)] = [
            (
                ["apply", Fixtures.astronaut, "-o", out, "-f", "CIGaussianBlur{radius = -3}"], 3,
                "CIGaussianBlur.inputRadius: expected a number ≥ 0, got -3"
            ),
            (["apply", Fixtures.astronaut, "-o", out, "-f", "CIGaussianBlur{"], 3, "-f 'CIGaussianBlur{'"),
            (["apply", Fixtures.astronaut, "-o", out, "-f", "CINope{}"], 3, "unknown filter 'CINope'"),
            (
                ["apply", Fixtures.astronaut, "-o", out, "-f", "CIGausianBlur{radius = 2}"], 3,
                "unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)"
            ),
            (["apply", path("missing.png"), "-o", out], 6, "missing.png: No such file or directory"),
            (["apply", Fixtures.fixture("pngsuite/xs1n0g01.png"), "-o", out], 3, "xs1n0g01.png: invalid PNG"),
            (["apply", Fixtures.astronaut, "-o", out, "--max-pixels", "1000"], 5, "exceeds the limit of 1000"),
            (["apply", Fixtures.astronaut, "-o", out, "--depth", "12"], 1, "--depth must be 8 or 16"),
            (["frobnicate"], 1, "unknown command 'frobnicate'; the commands are run, apply, video"),
            (["apply", Fixtures.astronaut, "-o", out, "-f", "CICrop{rectangle = Rect.infinite} | nil"], 3, "-f"),
        ]
        for (args, status, text) in cases {
            let r = try lunette(args)
            XCTAssertEqual(r.status, status, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(text), "\(args): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("stdlib") || r.stderr.contains("traceback"), "\(args): \(r.stderr)")
            if status != 1 { XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)") }
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no partial output for \(args)")
        }
    }

    func testTruncatedInputExitsFour() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.coffee))
        let cut = path("cut.png")
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: cut))
        let r = try lunette(["apply", cut, "-o", path("x.png")])
        XCTAssertEqual(r.status, 4, r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("lunette: \(cut): truncated PNG"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1)
    }

    func testEnvironmentPixelLimit() throws {
        let r = try lunette(["apply", Fixtures.astronaut, "-o", path("x.png")], env: ["LUNETTE_MAX_PIXELS": "100"])
        XCTAssertEqual(r.status, 5, r.stderr)
    }

    func testRunPassesArgumentsAndReportsErrorsWithTraceback() throws {
        let script = path("s.lua")
        try "print(#arg, arg[0] == ..., arg[1], select('#', ...))\n".write(toFile: script, atomically: true, encoding: .utf8)
        let ok = try lunette(["run", script, "a", "--b"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(String(decoding: ok.stdout, as: UTF8.self), "2\tfalse\ta\t2\n")
        // Without a word starting with `-` the argument parser is skipped: the same `arg`.
        for words in [["run", script, "a", "b"], [script, "a", "b"]] {
            let plain = try lunette(words)
            XCTAssertEqual(String(decoding: plain.stdout, as: UTF8.self), "2\tfalse\ta\t2\n", "\(words): \(plain.stderr)")
        }
        let bad = path("bad.lua")
        try "local img = Image.color(Color(1, 0, 0))\nlocal function f() return img:cropped('x') end\nf()\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try lunette(["run", bad])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(
            r.stderr.hasPrefix("lunette: ")
                && r.stderr.hasSuffix("bad.lua:2: bad argument #2 to 'cropped' (Rect expected, got string)\n"), r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "no traceback unless --traceback")
        let traced = try lunette(["run", "--traceback", bad])
        XCTAssertEqual(traced.status, 2)
        XCTAssertTrue(traced.stderr.contains("stack traceback:") && traced.stderr.contains("bad.lua:3:"), traced.stderr)
        let syntax = path("syntax.lua")
        try "local x = = 1\n".write(toFile: syntax, atomically: true, encoding: .utf8)
        let s = try lunette(["run", syntax])
        XCTAssertEqual(s.status, 2)
        XCTAssertTrue(s.stderr.contains("syntax.lua:1:"), s.stderr)
        let invalid = path("invalid.lua")
        try "Image.load('\(Fixtures.fixture("pngsuite/xc1n0g08.png"))')\n".write(
            toFile: invalid, atomically: true, encoding: .utf8)
        XCTAssertEqual(try lunette(["run", invalid]).status, 3)
        XCTAssertEqual(try lunette(["run", path("nope.lua")]).status, 6)
    }

    func testSandboxedRunAndPresentedSteps() throws {
        let script = path("sandboxed.lua")
        try """
        local img = Image.load(arg[1])
        print(io == nil, os.execute == nil, debug == nil)
        local ok, err = pcall(function() img:save("/tmp/escape.png") end)
        print(ok, (err:gsub("^.-: ", "")))
        local small = img:cropped(Rect(0, 0, 8, 8)) | CISepiaTone{}
        small:save("inside.png")
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try ProcessRunner.run(["run", "--sandbox", script, Fixtures.astronaut], directory: dir)
        let text = String(decoding: run.stdout, as: UTF8.self)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(
            text,
            "true\ttrue\ttrue\nfalse\tsave: a sandboxed script may only write relative paths inside the working directory, not '/tmp/escape.png'\n"
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: path("inside.png")))
        let loop = path("loop.lua")
        try "while true do end\n".write(toFile: loop, atomically: true, encoding: .utf8)
        let r = try lunette(["run", "--sandbox", loop])
        XCTAssertEqual(r.status, 5, r.stderr)
        XCTAssertTrue(r.stderr.contains("sandboxed script: CPU budget of 5 s exhausted"), r.stderr)

        let plain = path("plain.png"), presented = path("presented.png")
        XCTAssertEqual(
            try lunette(["apply", Fixtures.astronaut, "-o", plain, "--raw", "-f", "CIGaussianBlur{radius = 3}"]).status, 0)
        XCTAssertEqual(
            try lunette(["apply", Fixtures.astronaut, "-o", presented, "--present", "-f", "CIGaussianBlur{radius = 3}"]).status, 0
        )
        let size = { (p: String) -> [UInt8] in Array(try! Data(contentsOf: URL(fileURLWithPath: p))[16..<24]) }
        XCTAssertEqual(size(plain), [0, 0, 2, 0x16, 0, 0, 2, 0x16], "the raw blur grows by its reach")
        XCTAssertEqual(size(presented), [0, 0, 2, 0, 0, 0, 2, 0], "--present (the default) crops back to the input")
    }

    func testQRCodeFromTheCommandLine() throws {
        let out = path("qr.png")
        let r = try lunette(["apply", "-o", out, "-f", "CIQRCodeGenerator{message = 'hello', correctionLevel = 'H'}"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
        let none = try lunette(["apply", "-o", path("none.png"), "-f", "CISepiaTone{}"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stderr.contains("no input image"), none.stderr)
    }

    func testStandardInputThatIsNotATerminalRunsAsAScript() throws {
        let r = try lunette([], stdin: Data("print(6 * 7)\nprint(#Filter.names() > 50)\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(String(decoding: r.stdout, as: UTF8.self), "42\ntrue\n")
        let bad = try lunette([], stdin: Data("local x = nil + 1\n".utf8))
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("stdin:1: attempt to perform arithmetic on a nil value"), bad.stderr)
    }

    func testFiltersListsEveryFilterByCategory() throws {
        let r = try lunette(["filters"])
        XCTAssertEqual(r.status, 0)
        let text = String(decoding: r.stdout, as: UTF8.self)
        for name in [
            "CIColorControls", "CISepiaTone", "CIColorMatrix", "CIExposureAdjust", "CIGaussianBlur",
            "CIConvolution3X3", "CIAffineClamp", "CICrop", "CIAffineTransform", "CISourceOverCompositing",
        ] {
            XCTAssertTrue(text.contains(name), name)
        }
        let blur = text.components(separatedBy: "\n\n").first { $0.hasPrefix("Blur (") } ?? ""
        XCTAssertTrue(blur.contains("\n  CIGaussianBlur "), text)
        XCTAssertTrue(blur.contains("\n  CIBoxBlur "), text)
        for line in text.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 80, String(line)) }
        let names = text.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { $0.split(separator: " ")[0] }
        XCTAssertEqual(names.count, Set(names).count, "each filter once")
        let log = String(decoding: try lunette(["filters", "--by-category"]).stdout, as: UTF8.self)
        XCTAssertTrue(
            log.contains("Category CICategoryBlur:\n\tfilter CIBokehBlur. (Bokeh Blur)\tCategories:  CICategoryBlur,"), log)
        XCTAssertTrue(log.contains("\tfilter CIGaussianBlur. (Gaussian Blur)\tCategories:  CICategoryBlur,"))
        let keys = String(decoding: try lunette(["filters", "--keys", "--unique"]).stdout, as: UTF8.self)
        XCTAssertTrue(
            keys.contains(
                "\t\tInput keys:\tinputImage (CIAttributeTypeImage/CIImage)\tinputRadius (CIAttributeTypeScalar/NSNumber)"))
        let json = try lunette(["filters", "--json"]).stdout
        let parsed = try JSONSerialization.jsonObject(with: json) as? [String: [String: Any]]
        XCTAssertEqual((parsed?["CISepiaTone"]?["inputIntensity"] as? [String: Any])?["CIAttributeDefault"] as? Double, 1)
        let describe = try lunette(["describe", "sepiatone"])
        XCTAssertEqual(describe.status, 0)
        XCTAssertTrue(String(decoding: describe.stdout, as: UTF8.self).contains("Lua: img | CISepiaTone{intensity = 1}"))
        let unknown = try lunette(["describe", "sepiatones"])
        XCTAssertEqual(unknown.status, 3)
        XCTAssertTrue(unknown.stderr.contains("did you mean CISepiaTone"), unknown.stderr)
        let badCategory = try lunette(["filters", "--category", "blr"])
        XCTAssertEqual(badCategory.status, 3)
        XCTAssertTrue(badCategory.stderr.contains("unknown category 'blr' (did you mean"), badCategory.stderr)
    }
}
