import Foundation
import LuaBridge
import TestSupport
import XCTest

/// The docs name only what exists: every path in README's "What is where" table, and every
/// API a `Lua:` example in a doc comment calls (methods, library functions, filters and
/// their input keys).
final class DocumentationTests: XCTestCase {
    func testReadmeTablePathsExist() throws {
        let readme = try String(contentsOfFile: Fixtures.path("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## What is where").dropFirst().first)
        let rows = section.components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        XCTAssertGreaterThan(rows.count, 5)
        for row in rows {
            let path = row.dropFirst(3).prefix { $0 != "`" }
            XCTAssertTrue(FileManager.default.fileExists(atPath: Fixtures.path(String(path))), "README names \(path)")
        }
        for doc in ["docs/ARCHITECTURE.md", "CONTRIBUTING.md"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Fixtures.path(doc)), doc)
        }
    }

    /// Code spans after `Lua:` in `///` comments under Sources/.
    func luaExamples() throws -> [(place: String, code: String)] {
        var out: [(String, String)] = []
        let sources = Fixtures.path("Sources")
        let files =
            FileManager.default.enumerator(atPath: sources)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let lines = try String(contentsOfFile: sources + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (i, line) in lines.enumerated() where line.contains("///") && line.contains("Lua: ") {
                let after = line.components(separatedBy: "Lua: ").dropFirst().joined(separator: "Lua: ")
                let spans = after.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                out += spans.map { ("\(file):\(i + 1)", $0) }
            }
        }
        return out
    }

    static let checker = """
        local code = ...
        local bad = {}
        local receivers = {img = Image, image = Image, mask = Image, fg = Image, bg = Image, photo = Image,
                           small = Image, out = Image, chain = Chain, c = Chain}
        for recv, name in code:gmatch("([%a_][%w_]*):([%a_][%w_]*)%(") do
          local t = receivers[recv]
          if t and t[name] == nil then bad[#bad + 1] = recv .. ":" .. name end
        end
        local libs = {Image = Image, Filter = Filter, Chain = Chain, Rect = Rect, Color = Color, Point = Point,
                      Vector = Vector, Transform = Transform, stock = stock, lunette = lunette, kernels = kernels}
        for lib, name in code:gmatch("([%a_][%w_]*)%.([%a_][%w_]*)") do
          if libs[lib] and libs[lib][name] == nil then bad[#bad + 1] = lib .. "." .. name end
        end
        for name, body in code:gmatch("(%u[%w_]*)(%b{})") do
          if name:match("^CI") or name:match("^X%u") then
            local ok, f = pcall(Filter, name)
            if not ok then
              bad[#bad + 1] = "filter " .. name
            else
              local keys = {}
              for _, k in ipairs(f:keys()) do keys[k], keys[k:sub(6)], keys[k:sub(6, 6):lower() .. k:sub(7)] = true, true, true end
              for key in body:sub(2, -2):gsub("%b{}", ""):gsub("%b()", ""):gmatch("([%a_][%w_]*)%s*=[^=]") do
                if not keys[key] then bad[#bad + 1] = name .. "." .. key end
              end
            end
          end
        end
        if #bad > 0 then error(table.concat(bad, ", "), 0) end
        """

    func testLuaExamplesNameExistingAPI() throws {
        let examples = try luaExamples()
        XCTAssertGreaterThan(examples.count, 100)
        let lua = try LuaRuntime()
        var failures: [String] = []
        for (place, code) in examples {
            do {
                try lua.run(chunk: Self.checker, name: "=checker", arguments: [code])
            } catch let e as LuaScriptError {
                failures.append("\(place): `\(code)` names \(e.summary)")
            }
        }
        XCTAssertEqual(failures, [], failures.joined(separator: "\n"))
    }
}
