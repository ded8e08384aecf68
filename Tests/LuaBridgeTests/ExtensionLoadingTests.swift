import Foundation
import LuaBridge
import TestSupport
import XCTest

/// Shipped and user plugins/specials load at start; broken ones become warnings naming the file.
final class ExtensionLoadingTests: XCTestCase {
    func testUserPluginsAndSpecialsLoadFromTheConfigFolder() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plugins = dir.appendingPathComponent("plugins"), specials = dir.appendingPathComponent("specials")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: specials, withIntermediateDirectories: true)
        try """
        return lunette.filter {name = "XUserDim", inputs = {inputImage = {}, inputEV = {default = -1}},
          apply = function(f) return f.inputImage | CIExposureAdjust{EV = f.inputEV} end}
        """.write(to: plugins.appendingPathComponent("dim.lua"), atomically: true, encoding: .utf8)
        try "return lunette.filter{name = 'XBroken'\n".write(
            to: plugins.appendingPathComponent("broken.lua"), atomically: true, encoding: .utf8)
        try "specials.CISepiaTone = {prepare = function(f) f.inputIntensity = 0.125 end}\n"
            .write(to: specials.appendingPathComponent("sepia.lua"), atomically: true, encoding: .utf8)
        var options = LuaOptions()
        options.configDirectory = dir.path
        let lua = try LuaRuntime(options)
        XCTAssertNotNil(lua.registry.descriptor(exactly: "XUserDim"))
        XCTAssertNotNil(lua.registry.descriptor(exactly: "XSoftGlow"), "shipped plugins load too")
        XCTAssertEqual(lua.warnings.count, 1)
        XCTAssertTrue(lua.warnings.first?.contains("broken.lua:2:") ?? false, "\(lua.warnings)")
        try lua.run(
            chunk: """
                local img = Image.color(Color(0.5, 0.5, 0.5)):cropped(Rect(0, 0, 2, 2))
                assert(math.abs((img | XUserDim{}):pixel(0, 0).r - 0.36) < 0.01)
                local _, f = lunette.ready("CISepiaTone", img)
                assert(f.inputIntensity == 0.125)
                """, name: "=check")
    }

    func testRegistriesArePerState() throws {
        let a = try LuaRuntime(), b = try LuaRuntime()
        try a.loadPlugin(
            source: "lunette.filter{name = 'XOnlyInA', inputs = {inputImage = {}}, apply = function(f) return f.inputImage end}",
            name: "a.lua")
        XCTAssertNotNil(a.registry.descriptor(exactly: "XOnlyInA"))
        XCTAssertNil(b.registry.descriptor(exactly: "XOnlyInA"))
    }
}
