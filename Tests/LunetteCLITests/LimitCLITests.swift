import Foundation
import TestSupport
import XCTest

/// Every limit from the command line: a clear message and exit code 5 (limit).
final class LimitCLITests: XCTestCase {
    var cli: CLIHarness!
    override func setUp() { cli = CLIHarness(dir: Fixtures.temporaryDirectory()) }
    override func tearDown() { try? FileManager.default.removeItem(at: cli.dir) }

    func testSideAndPixelLimitsAndTheUntrustedPreset() throws {
        let out = cli.path("out.png")
        cli.assert(
            try cli.run(["apply", Fixtures.astronaut, "-o", out, "--max-side", "500"]), exits: 5,
            saying: "512×512 exceeds the side limit of 500 pixels")
        let wide = try cli.write("wide.lua", "Image.new(9000, 1, function() return Color(1, 1, 1, 1) end)")
        cli.assert(try cli.run(["run", "--untrusted", wide]), exits: 5, saying: "9000×1 exceeds the side limit of 8192 pixels")
        let big = try cli.write("big.lua", "Image.new(6000, 6000, function() return Color(1, 1, 1, 1) end)")
        cli.assert(try cli.run(["run", "--untrusted", big]), exits: 5, saying: "exceeds the limit of 33554432")
        cli.assert(try cli.run(["run", "--untrusted", "--max-side", "10", big]), exits: 5, saying: "side limit of 10 pixels")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testUntrustedRunsScriptsInTheSandbox() throws {
        let s = try cli.write("io.lua", "print(io == nil, os.execute == nil)")
        let r = try cli.run(["run", "--untrusted", s])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "true\ttrue\n")
    }

    func testTimeLimitStopsLuaEvenThroughPcall() throws {
        let s = try cli.write("loop.lua", "print(pcall(function() while true do end end)) while true do end")
        let r = try cli.run(["run", "--time-limit", "0.5", s])
        cli.assert(r, exits: 5, saying: "time limit of 0.5 s exceeded (set --time-limit)")
        XCTAssertEqual(r.stdout, "", "the pcall inside the script cannot swallow the time limit")
    }

    func testTimeLimitStopsARenderAndWritesNothing() throws {
        let out = cli.path("slow.png")
        let r = try cli.run([
            "apply", "-o", out, "--time-limit", "0.3",
            "-f", "CIRandomGenerator{}", "-f", "CICrop{rectangle = Rect(0, 0, 4000, 4000)}",
            "-f", "CIGaussianBlur{radius = 60}",
        ])
        cli.assert(r, exits: 5, saying: "time limit of 0.3 s exceeded")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
        XCTAssertEqual(cli.temporaries(), [])
    }

    func testLuaMemoryCPUAndInstructionBudgets() throws {
        let mem = try cli.write("mem.lua", "local t = {} for i = 1, 1e8 do t[i] = {i} end")
        cli.assert(
            try cli.run(["run", "--lua-memory", "16", mem]), exits: 5,
            saying: "not enough memory: Lua memory cap of 16 MiB reached (set --lua-memory)")
        let loop = try cli.write("loop.lua", "pcall(function() while true do end end) while true do end")
        cli.assert(
            try cli.run(["run", "--lua-instructions", "200000", loop]), exits: 5,
            saying: "script: instruction budget of 200000 exhausted")
        cli.assert(try cli.run(["run", "--lua-cpu", "0.2", loop]), exits: 5, saying: "script: CPU budget of 0.2 s exhausted")
        cli.assert(
            try cli.run(["run", "--sandbox", "--lua-instructions", "100000", loop]), exits: 5,
            saying: "sandboxed script: instruction budget of 100000 exhausted")
        // A step expression is untrusted code too: it runs under the budgets.
        cli.assert(
            try cli.run([
                "apply", Fixtures.astronaut, "-o", cli.path("x.png"), "--lua-cpu", "0.2",
                "-f", "CISepiaTone{intensity = (function() while true do end end)()}",
            ]),
            exits: 5, saying: "-f steps: CPU budget of 0.2 s exhausted")
    }

    func testPluginBudgetsFromTheCommandLine() throws {
        let s = try cli.write(
            "plugin.lua",
            """
            lunette.loadPlugin([[return lunette.filter{name = "XSpin", inputs = {inputImage = {class = "CIImage"}},
              apply = function(f) while true do end end}]], "spin.lua")
            local img = Image.color(Color(1, 0, 0, 1)):cropped(Rect(0, 0, 4, 4))
            print(pcall(function() return img | XSpin{} end))
            """)
        let r = try cli.run(["run", "--lua-instructions", "50000", s])
        // The script's budget encloses the plugin's; the plugin's CPU deadline is the sooner one, so it names the culprit.
        cli.assert(r, exits: 5, saying: "plugin XSpin: instruction budget of 50000 exhausted")
        XCTAssertEqual(r.stdout, "", "pcall cannot swallow an exhausted budget")
        let plain = try cli.run(["run", "--lua-cpu", "0.2", "--lua-instructions", "1000000000", s])
        cli.assert(plain, exits: 5, saying: "CPU budget of 0.2 s exhausted")
    }

    func testLongChainsHitTheDepthLimitCleanly() throws {
        let s = try cli.write(
            "chain.lua",
            """
            local n = tonumber(arg[1])
            local img = Image.color(Color(0.2, 0.4, 0.6, 1)):cropped(Rect(0, 0, 8, 8))
            for i = 1, n do img = img | CIColorInvert{} end
            img:save(arg[2])
            print(img.extent)
            """)
        let r = try cli.run(["run", s, "3000", cli.path("deep.png")])
        cli.assert(
            r, exits: 5,
            saying: "CIColorInvert: the image graph is 2049 steps deep, more than the limit of 2048 (set --max-depth)")
        XCTAssertTrue(r.stderr.contains("chain.lua:3:"), r.stderr)
        let ok = try cli.run(["run", s, "1500", cli.path("ok.png")])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cli.path("ok.png")))
        cli.assert(
            try cli.run(["run", "--max-depth", "100", s, "200", cli.path("no.png")]), exits: 5,
            saying: "limit of 100 (set --max-depth)")
        // Transforms and crops count too.
        let t = try cli.write(
            "warp.lua",
            """
            local img = Image.color(Color(1, 0, 0, 1)):cropped(Rect(0, 0, 8, 8))
            for i = 1, 5000 do img = img:transformed(Transform.translate(0.5, 0)):cropped(Rect(0, 0, 8, 8)) end
            """)
        cli.assert(try cli.run(["run", t]), exits: 5, saying: "more than the limit of 2048")
    }

    func testDeepRecursionIsACleanError() throws {
        let plugin = try cli.write(
            "self.lua",
            """
            lunette.loadPlugin([[return lunette.filter{name = "XSelf", inputs = {inputImage = {class = "CIImage"}},
              apply = function(f) return f.inputImage:apply("XSelf") end}]], "self.lua")
            local img = Image.color(Color(1, 0, 0, 1)):cropped(Rect(0, 0, 4, 4))
            local _ = img | XSelf{}
            """)
        cli.assert(try cli.run(["run", plugin]), exits: 5, saying: "C stack overflow")
        let lua = try cli.write("rec.lua", "local function r(n) return 1 + r(n + 1) end print(r(0))")
        cli.assert(try cli.run(["run", lua]), exits: 5, saying: "stack overflow")
        let meta = try cli.write(
            "meta.lua",
            """
            local t = setmetatable({}, {__index = function(t, k) return t[k .. "x"] end})
            print(t.a)
            """)
        cli.assert(try cli.run(["run", meta]), exits: 5, saying: "stack overflow")
    }

    func testPNGChunkLimitsUnderUntrusted() throws {
        var bytes = try AtomicFile_read(Fixtures.fixture("pngsuite/basn2c08.png"))
        let chunk = Checksums.chunk("prIv", [UInt8](repeating: 7, count: 2 << 20))
        bytes.insert(contentsOf: chunk, at: 33)
        let input = cli.path("private.png")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        XCTAssertEqual(try cli.run(["apply", input, "-o", cli.path("a.png")]).status, 0)
        cli.assert(
            try cli.run(["apply", "--untrusted", input, "-o", cli.path("b.png")]), exits: 5,
            saying: "prIv chunk of 2097152 bytes exceeds the limit of 1048576 bytes per ancillary chunk")
    }

    func testBadLimitValuesAreUsageErrors() throws {
        for args in [["--max-side", "0"], ["--time-limit", "-1"], ["--lua-memory", "0"], ["--max-depth", "-5"]] {
            let r = try cli.run(["apply", Fixtures.astronaut, "-o", cli.path("x.png")] + args)
            XCTAssertEqual(r.status, 1, "\(args): \(r.stderr)")
        }
    }

    func AtomicFile_read(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
}
