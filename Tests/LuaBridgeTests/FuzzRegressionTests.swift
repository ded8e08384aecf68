import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// Replays the Lua programs the Lua-bridge fuzzer generated when it found a crash
/// (Tests/Fixtures/fuzz/lua), with the fuzzer's settings. Each used to trap or overflow
/// the stack; now every statement ends normally or with a Lua error. A program's
/// `@PRELUDE@` line stands for the fuzzer's fixed prelude, kept once in `fuzz/prelude.lua`.
final class FuzzRegressionTests: XCTestCase {
    func testCrashingProgramsNowRunToTheEnd() throws {
        let dir = Fixtures.fixture("fuzz/lua")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".lua") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 6)
        let tmp = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: tmp) }
        let saved = (Limits.maxPixels, Limits.maxSide)
        defer {
            (Limits.maxPixels, Limits.maxSide) = saved
            Limits.deadline = nil
            LuaRuntime.applyTimeLimit()
        }
        // The fuzzer's settings (Fuzz/FuzzLua/FuzzLua.swift).
        Limits.maxPixels = 1 << 18
        Limits.maxSide = 1 << 14
        let prelude = try String(contentsOfFile: Fixtures.fixture("fuzz/prelude.lua"), encoding: .utf8)
        for name in names {
            var source = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
            XCTAssertTrue(source.contains("\n@PRELUDE@\n"), name)
            source = source.replacingOccurrences(of: "@PRELUDE@\n", with: prelude)
                .replacingOccurrences(of: "@ROOT@", with: Fixtures.root.path)
                .replacingOccurrences(of: "@OUT@", with: tmp.appendingPathComponent("out.png").path)
            var options = LuaOptions()
            options.configDirectory = nil
            options.sandbox = source.contains("\n-- sandbox = true\n")
            options.cpuSeconds = 2
            options.memoryBytes = 128 << 20
            options.budgetScripts = true
            options.scriptCpuSeconds = 4
            Limits.startTimeLimit(20)
            LuaRuntime.applyTimeLimit()
            let lua = try LuaRuntime(options)
            do {
                try lua.run(chunk: source, name: "@" + name)
            } catch let e as LuaScriptError {
                // Only the uncatchable limits may end a program early.
                XCTAssertEqual(e.status, .limit, "\(name): \(e.message)")
            }
        }
    }
}
