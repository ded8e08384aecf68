import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// CIColorCurves' data from Lua: a table of {r, g, b} rows, the same numbers flat, or the
/// packed Float32 bytes, all give the same curves (in sRGB, where Lua's colours are).
final class ColorCurvesLuaTests: XCTestCase {
    func testCurvesDataFromRowsNumbersAndBytes() throws {
        let lua = try LuaRuntime()
        try lua.run(
            chunk: """
                local rows = {{0, 1, 0.2}, {1, 0, 0.6}}  -- red kept, green inverted, blue squeezed
                local flat, floats = {}, {}
                for _, row in ipairs(rows) do for _, v in ipairs(row) do flat[#flat + 1] = v end end
                local packed = string.pack("<" .. string.rep("f", #flat), table.unpack(flat))
                local img = Image.color(Color(0.25, 0.25, 0.5, 1)):cropped(Rect(0, 0, 2, 2))
                for _, data in ipairs({rows, flat, packed, {Color(0, 1, 0.2), Color(1, 0, 0.6)}}) do
                  local c = (img | CIColorCurves{curvesData = data, colorSpace = "sRGB"}):pixel(0, 0)
                  assert(math.abs(c.r - 0.25) < 1e-6 and math.abs(c.g - 0.75) < 1e-6 and math.abs(c.b - 0.4) < 1e-6, tostring(c))
                end
                local ok, err = pcall(function() return img | CIColorCurves{curvesData = {{0, 0, 0}, {1, 1}}} end)
                assert(not ok and tostring(err):find("expected", 1, true), tostring(err))
                """, name: "=curves")
    }
}
