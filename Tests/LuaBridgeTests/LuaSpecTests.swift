import Foundation
import LuaBridge
import TestSupport
import XCTest

/// Runs every `scripts/tests/*_spec.lua` in a fresh Lua state; a failing `it` fails the suite.
final class LuaSpecTests: XCTestCase {
    func testLuaSpecs() throws {
        let dir = Fixtures.path("scripts/tests")
        let specs = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix("_spec.lua") }.sorted()
        XCTAssertGreaterThanOrEqual(specs.count, 5)
        let support = try String(contentsOfFile: dir + "/_support.lua", encoding: .utf8)
        var total = 0
        for spec in specs {
            let started = Date()
            let tmp = Fixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: tmp) }
            setenv("LUNETTE_SPEC_TMP", tmp.path, 1)
            setenv("LUNETTE_SPEC_PHOTO", Fixtures.astronaut, 1)
            setenv("LUNETTE_SPEC_FORMATS", Fixtures.fixture("formats"), 1)
            var options = LuaOptions()
            options.configDirectory = tmp.appendingPathComponent("config").path
            options.cpuSeconds = 0.5
            let lua = try LuaRuntime(options)
            XCTAssertEqual(lua.warnings, [], spec)
            try lua.run(chunk: support, name: "@scripts/tests/_support.lua")
            do {
                try lua.runFile(dir + "/" + spec)
            } catch {
                XCTFail("\(spec): \(error)")
                continue
            }
            let (count, failures) = try lua.specResults()
            print("Lua spec \(spec): \(count) checks, \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
            XCTAssertGreaterThan(count, 0, spec)
            for f in failures { XCTFail("\(spec): \(f)") }
            total += count
        }
        print("Lua specs: \(total) checks in \(specs.count) files")
    }
}
