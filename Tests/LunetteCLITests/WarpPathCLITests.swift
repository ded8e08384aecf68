import Foundation
import TestSupport
import XCTest

/// `LUNETTE_NO_AVX2=1` switches affine warps to the Swift sampler: both paths give the
/// same rotated pixels up to float rounding.
final class WarpPathCLITests: XCTestCase {
    func testRotationAgreesWithAndWithoutAVX2() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let h = CLIHarness(dir: dir)
        let script = try h.write(
            "rotate.lua",
            """
            local img = Image.new(37, 23, function(x, y)
              return Color((x % 7) / 6, (y % 5) / 4, ((x + y) % 3) / 2, ((x * y) % 4 + 1) / 4)
            end)
            local r = img:transformed(Transform.translate(-18.5, -11.5):rotated(math.rad(10)):translated(18.5, 11.5))
            for y = -3, 25 do
              for x = -3, 39 do
                local c = r:pixel(x, y)
                print(string.format("%.7f %.7f %.7f %.7f", c.r, c.g, c.b, c.a))
              end
            end
            """)
        func values(_ env: [String: String]) throws -> [Double] {
            let r = try h.run(["run", script], env: env)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        }
        let fast = try values([:]), slow = try values(["LUNETTE_NO_AVX2": "1"])
        XCTAssertEqual(fast.count, 29 * 43 * 4)
        XCTAssertEqual(fast.count, slow.count)
        XCTAssertGreaterThan(fast.filter { $0 != 0 }.count, 2000, "the rotated image should cover most of the grid")
        for (i, (a, b)) in zip(fast, slow).enumerated() {
            XCTAssertEqual(a, b, accuracy: 1e-5, "value \(i)")
        }
    }
}
