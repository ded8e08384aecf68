import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// NSData inputs from Lua: binary strings keep their exact bytes; tables of numbers work too.
final class ColorCubeLuaTests: XCTestCase {
    func testCubeDataFromABinaryStringAndFromATable() throws {
        let lua = try LuaRuntime()
        try lua.run(
            chunk: """
                -- A 2-cube that swaps red and blue (red index fastest), as packed Float32 and as numbers.
                local floats = {}
                for b = 0, 1 do for g = 0, 1 do for r = 0, 1 do
                  for _, v in ipairs({b, g, r, 1}) do floats[#floats + 1] = v end
                end end end
                local packed = string.pack("<" .. string.rep("f", #floats), table.unpack(floats))
                assert(#packed == 128)
                local img = Image.color(Color(1, 0, 0, 1)):cropped(Rect(0, 0, 2, 2))
                for _, data in ipairs({packed, floats}) do
                  local c = (img | CIColorCube{cubeDimension = 2, cubeData = data}):pixel(0, 0)
                  assert(math.abs(c.r) < 1e-6 and math.abs(c.b - 1) < 1e-6, tostring(c))
                end
                local f = Filter("CIColorCube")
                f.cubeData = packed
                assert(f.cubeData == packed)
                local ok, err = pcall(function() return (img | CIColorCube{cubeDimension = 3, cubeData = packed}) end)
                assert(not ok and tostring(err):find("needs 3³ × 4 Float32 = 432 bytes, got 128 bytes", 1, true), tostring(err))
                """, name: "=cube")
    }
}
