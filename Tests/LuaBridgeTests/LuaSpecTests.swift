import Foundation
import LuaBridge
import TestSupport
import XCTest

/// Runs every `scripts/tests/*_spec.lua` in a fresh Lua state; a failing `it` fails the suite.
/// Every part of stdlib.lua (`stdlib/NAME.lua`) has its spec, `NAME_spec.lua`.
final class LuaSpecTests: XCTestCase {
    func testEveryStdlibPartHasASpec() throws {
        let parts = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("stdlib"))
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }
        XCTAssertGreaterThanOrEqual(parts.count, 12)
        let specs = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("scripts/tests"))
        for part in parts {
            XCTAssertTrue(specs.contains(part + "_spec.lua"), "stdlib/\(part).lua has no scripts/tests/\(part)_spec.lua")
        }
        let stdlib = try String(contentsOfFile: Fixtures.path("stdlib.lua"), encoding: .utf8)
        for part in parts { XCTAssertTrue(stdlib.contains("\"\(part)\","), "stdlib.lua does not load stdlib/\(part).lua") }
    }

    func testLuaSpecs() throws {
        let dir = Fixtures.path("scripts/tests")
        let specs = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix("_spec.lua") }.sorted()
        XCTAssertGreaterThanOrEqual(specs.count, 15)
        let support = try String(contentsOfFile: dir + "/_support.lua", encoding: .utf8)
        var total = 0
        var ran: [String] = []
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
            ran.append(spec)
        }
        print("Lua specs: \(total) checks in \(specs.count) files")
        XCTAssertEqual(ran, specs, "every spec file ran")
    }
}
