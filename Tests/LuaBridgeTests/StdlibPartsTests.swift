import CLua
import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import LuaBridge

/// stdlib.lua in parts: an error raised inside any part on a script's behalf points at the
/// script's line, and only Lunette's own chunks are exempt from the sandbox and budgets.
final class StdlibPartsTests: XCTestCase {
    func failure(_ code: String, _ options: LuaOptions = LuaOptions(), name: String = "@look.lua") throws -> LuaScriptError {
        let lua = try LuaRuntime(options)
        var caught: LuaScriptError?
        do { try lua.run(chunk: code, name: name) } catch let e as LuaScriptError { caught = e }
        return try XCTUnwrap(caught, "no error from: \(code)")
    }

    /// One failing call per part, each raised inside that part (by Lua `error` or by a native
    /// it calls); the message's first line names the script's line 2 and no Lunette file.
    func testAnErrorInsideEveryPartPointsAtTheScriptLine() throws {
        let cases: [(part: String, call: String, text: String)] = [
            ("values", "local p = Point(1, 2) + 5", "attempt to index a number value"),
            ("image", "Image.color(Color(1, 0, 0)):apply('CISepiaTone', {intensity = 'x'})", "CISepiaTone.inputIntensity"),
            ("filter", "local out = Filter('CICrop').outputImage", "no image set"),
            ("steps", "CISepiaTone{intensity = 'x'}", "CISepiaTone.inputIntensity"),
            ("specials", "specials.fitNearest(Image.color(Color(1, 0, 0)), 4, 4)", "infinite extent"),
            ("stock", "stock.images.mask = nil; lunette.try('CIBlendWithMask')", "no stock image 'mask'"),
            ("plugins", "lunette.colorKernel(3)", "bad argument #1 to 'colorKernel'"),
            ("sandbox", "local env = lunette.sandbox(); env.Point.x = 1", "attempt to modify Point.x in the sandbox"),
            ("chain", "local c = Chain{}; c:remove('nope')", "remove: no step with id 'nope'"),
            ("chainfile", "Chain.load('/nonexistent/look.chain')", "/nonexistent/look.chain"),
            ("pretty", "lunette.pretty(1, 5)", "attempt to index a number value"),
        ]
        for c in cases {
            let e = try failure("local before = 1\n" + c.call + "\nlocal after = 2")
            let first = e.message.components(separatedBy: "\n")[0]
            XCTAssertTrue(first.hasPrefix("look.lua:2: "), "\(c.part): \(first)")
            XCTAssertTrue(first.contains(c.text), "\(c.part): \(first)")
            XCTAssertFalse(first.contains("stdlib"), "\(c.part): \(first)")
        }
    }

    /// The REPL part: its error text shows the line typed, without Lunette's frames.
    func testTheReplShowsAnErrorInsideAPartAtTheLineTyped() throws {
        let lua = try LuaRuntime()
        XCTAssertEqual(
            lua.evaluate("Chain{}:move(1, 1)"),
            .error("stdin:1: bad argument #1 to 'move' (step position 1…0 expected, got 1)"))
        guard case .error(let text) = lua.evaluate("Chain.load('/nonexistent/look.chain')") else { return XCTFail("no error") }
        XCTAssertTrue(text.hasPrefix("stdin:1: "), text)
        XCTAssertFalse(text.contains("stdlib"), text)
    }

    /// A script whose file is named like a part is the user's: sandboxed and budgeted.
    func testAScriptNamedLikeAPartIsNotExempt() throws {
        var sandboxed = LuaOptions()
        sandboxed.sandbox = true
        for name in ["@stdlib.lua", "@stdlib/values.lua"] {
            let e = try failure("io.write('x')", sandboxed, name: name)
            XCTAssertTrue(e.message.contains("io is not available to sandboxed scripts"), "\(name): \(e.message)")
        }
        var budgeted = LuaOptions()
        budgeted.budgetScripts = true
        budgeted.scriptCpuSeconds = 0.05
        let e = try failure("while true do end", budgeted, name: "@stdlib/chain.lua")
        XCTAssertEqual(e.status, .limit, e.message)
    }

    /// Swift-only glue is private: scripts see the documented `lunette` fields and no more.
    func testTheLunetteTableHoldsOnlyThePublicSurface() throws {
        let lua = try LuaRuntime()
        try lua.run(
            chunk: """
                local keys = {}
                for k in pairs(lunette) do keys[#keys + 1] = k end
                table.sort(keys)
                assert(table.concat(keys, " ") == "_native colorKernel filter loadPlugin pretty ready sandbox try typename",
                       table.concat(keys, " "))
                lunette.sandbox = function() return _G end
                """, name: "=surface")
        let img = try lua.applySteps(
            Image.color(Color(1, 0, 0)).cropped(to: Rect(0, 0, 2, 2)),
            ["CIColorInvert{}"])
        XCTAssertEqual(img.extent, Rect(0, 0, 2, 2))
        XCTAssertThrowsError(
            try lua.applySteps(Image.color(Color(1, 0, 0)), ["io.write('x')"]),
            "-f still runs in the real sandbox after a script replaced lunette.sandbox")
    }

    /// Every part has bytecode compiled at build time that this Lua loads as a binary chunk
    /// under the part's name (stdlib.lua falls back to the text silently: a state would start
    /// slower, and nothing else would fail), and its functions keep their line information.
    func testEveryPartLoadsFromItsBuildTimeBytecode() throws {
        let parts = embeddedScripts.map(\.path).filter { $0.hasPrefix("stdlib/") }
        XCTAssertFalse(parts.isEmpty)
        XCTAssertEqual(embeddedBytecode.map(\.path).sorted(), parts.sorted())
        let lua = try LuaRuntime()
        for (path, base64) in embeddedBytecode {
            let code = try XCTUnwrap(Data(base64Encoded: base64), path)
            let top = lua_gettop(lua.L)
            let status = code.withUnsafeBytes {
                luaL_loadbufferx(lua.L, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count, "@" + path, "b")
            }
            XCTAssertEqual(status, LUA_OK, "\(path): \(String(cString: lua_tolstring(lua.L, -1, nil)))")
            lua_settop(lua.L, top)
        }
        try lua.run(
            chunk: """
                local info = debug.getinfo(Chain.load, "S")
                assert(info.source == "@stdlib/chainfile.lua" and info.linedefined > 1, info.source)
                """, name: "=lines")
    }
}
