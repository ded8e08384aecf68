import Foundation
import LuaBridge
import TestSupport
import XCTest

/// Plugins cannot hold every command hostage (issue 20): a small load budget, warnings for
/// duplicate names and files that return no filter, declaration order and defaults as
/// written in `describe`, sandbox messages that say what is missing, one memory message.
final class PluginHostageTests: ScratchTestCase {
    /// A state loading the given user plugin files (name → source).
    func runtime(_ files: [String: String], memory: Int? = nil) throws -> LuaRuntime {
        let plugins = dir.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        for (name, source) in files {
            try source.write(to: plugins.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        var options = LuaOptions()
        options.configDirectory = dir.path
        if let memory { options.memoryBytes = memory }
        return try LuaRuntime(options)
    }

    func testALoopingTopLevelIsCutOffByTheLoadBudget() throws {
        let started = Date()
        let lua = try runtime(["loop.lua": "while true do end\n"])
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(lua.warnings.count, 1, "\(lua.warnings)")
        XCTAssertTrue(lua.warnings[0].contains("loop.lua (loading): CPU budget of 0.5 s exhausted"), lua.warnings[0])
        XCTAssertLessThan(seconds, 3, "a command waited for the 5 s plugin budget")
        XCTAssertTrue(lua.registry.descriptor(exactly: "CISepiaTone")?.describe.contains("Sepia Tone") ?? false)
    }

    func testTwoPluginsDeclaringOneNameWarnAndTheLaterFileWins() throws {
        func plugin(_ display: String) -> String {
            "return lunette.filter {name = 'XTwice', displayName = '\(display)', inputs = {inputImage = {}}, "
                + "apply = function(f) return f.inputImage end}\n"
        }
        for _ in 0..<2 {
            let lua = try runtime(["b_second.lua": plugin("Second"), "a_first.lua": plugin("First")])
            XCTAssertEqual(lua.warnings.count, 1, "\(lua.warnings)")
            let w = lua.warnings.first ?? ""
            XCTAssertTrue(w.contains("XTwice is declared by") && w.contains("a_first.lua") && w.contains("b_second.lua"), w)
            XCTAssertEqual(lua.registry.descriptor(exactly: "XTwice")?.displayName, "Second")
        }
    }

    func testAFileReturningSomethingElseThanAFilterWarns() throws {
        let lua = try runtime([
            "table.lua": "return {name = 'XForgot', apply = function(f) return f.inputImage end}\n",
            "nothing.lua": "local x = 1\n",
            "good.lua":
                "return lunette.filter {name = 'XGood', inputs = {inputImage = {}}, apply = function(f) return f.inputImage end}\n",
        ])
        XCTAssertEqual(lua.warnings.count, 2, "\(lua.warnings)")
        XCTAssertTrue(lua.warnings.contains { $0.contains("nothing.lua declares no filter") }, "\(lua.warnings)")
        XCTAssertTrue(lua.warnings.contains { $0.contains("table.lua returned a table, not a filter") }, "\(lua.warnings)")
        XCTAssertNotNil(lua.registry.descriptor(exactly: "XGood"))
    }

    func testDescribeListsInputsInDeclarationOrderWithDefaultsAsWritten() throws {
        let lua = try runtime([
            "order.lua": """
            return lunette.filter {
              name = "XOrdered",
              inputs = {
                inputImage = {class = "CIImage"},
                inputZeta = {default = 1},
                inputTint = {type = "CIAttributeTypeColor", default = Color"#FDBB2D"},
                inputAlpha = {default = 2},
                inputMaskImage = {class = "CIImage"},
              },
              apply = function(f) return f.inputImage end,
            }
            """
        ])
        XCTAssertEqual(lua.warnings, [])
        let d = try XCTUnwrap(lua.registry.descriptor(exactly: "XOrdered"))
        XCTAssertEqual(d.inputs.map(\.key), ["inputImage", "inputZeta", "inputTint", "inputAlpha", "inputMaskImage"])
        XCTAssertTrue(d.describe.contains("default Color\"#fdbb2d\""), d.describe)
        XCTAssertTrue(d.luaExample.contains("tint = Color\"#fdbb2d\""), d.luaExample)
    }

    func testSandboxMessagesSayWhatIsMissing() throws {
        let lua = try runtime([
            "files.lua": "local f = io.open('/etc/hostname')\n",
            "shell.lua": "os.execute('true')\n",
            "dump.lua": "string.dump(print)\n",
        ])
        let all = lua.warnings.joined(separator: "\n")
        XCTAssertTrue(all.contains("files.lua:1: io is not available to plugins (sandbox)"), all)
        XCTAssertTrue(all.contains("shell.lua:1: os.execute is not available to plugins (sandbox)"), all)
        XCTAssertTrue(all.contains("dump.lua:1: string.dump is not available to plugins (sandbox)"), all)
    }

    func testTheMemoryCapMessageNamesThePluginOnce() throws {
        let lua = try runtime(
            [
                "hog.lua": """
                return lunette.filter {name = "XHog", inputs = {inputImage = {}},
                  apply = function(f) local s = "x"; for i = 1, 40 do s = s .. s end; return f.inputImage end}
                """
            ], memory: 32 << 20)
        XCTAssertEqual(lua.warnings, [])
        XCTAssertThrowsError(
            try lua.run(
                chunk: """
                    local img = Image.color(Color(1, 0, 0)):cropped(Rect(0, 0, 2, 2))
                    print((img | XHog{}).extent)
                    """, name: "=script")
        ) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("plugin XHog: not enough memory: Lua memory cap of 32 MiB reached"), message)
            XCTAssertEqual(message.components(separatedBy: "Lua memory cap").count - 1, 1, message)
            XCTAssertEqual((error as? LuaScriptError)?.status, .limit)
        }
    }
}
