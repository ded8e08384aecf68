import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// The Lua bridge: values, images, filters, steps, and errors that never crash the host.
final class LuaBridgeTests: XCTestCase {
    var lua: LuaRuntime!
    override func setUpWithError() throws { lua = try LuaRuntime() }

    func run(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try lua.run(chunk: code, name: "=test"), file: file, line: line)
    }

    func failure(_ code: String) -> LuaScriptError? {
        do { try lua.run(chunk: code, name: "@spec.lua") } catch let e as LuaScriptError { return e } catch { return nil }
        return nil
    }

    func testValueTypes() {
        run(
            """
            local r = Rect(0, 0, 640, 480)
            assert(r.width == 640 and tostring(r) == "Rect(0, 0, 640, 480)")
            assert(tostring(Rect{x = 1, y = 2, width = 3, height = 4}) == "Rect(1, 2, 3, 4)")
            assert(r:intersection(Rect(600, 400, 100, 100)) == Rect(600, 400, 40, 80))
            assert(r:union(Rect(-10, 0, 5, 5)) == Rect(-10, 0, 650, 480))
            assert(tostring(Rect.infinite) == "Rect.infinite" and Rect.infinite:isInfinite())
            assert(r:contains(Point(10, 10)) and not r:contains(Point(640, 0)))
            local p = Point{x = 1, y = 2}
            assert(p.x == 1 and tostring(p + Point(1, 1)) == "Point(2, 3)")
            local v = Vector(1, 0.5, 0, 0)
            assert(#v == 4 and v[2] == 0.5 and v.y == 0.5 and tostring(v) == "Vector(1, 0.5, 0, 0)")
            assert(Vector{1, 2} == Vector(1, 2))
            local c = Color"#ff8000"
            assert(c.r == 1 and c.a == 1 and math.abs(c.g - 128 / 255) < 1e-12)
            assert(Color{r = 1, g = 0.5, b = 0} == Color(1, 0.5, 0, 1))
            local t = Transform.rotate(math.pi / 2):translated(100, 0)
            local q = t * Point(1, 0)
            assert(math.abs(q.x - 100) < 1e-9 and math.abs(q.y - 1) < 1e-9)
            local back = t:inverted() * q
            assert(math.abs(back.x - 1) < 1e-9 and math.abs(back.y) < 1e-9)
            """)
    }

    func testImagesFiltersAndSteps() {
        let photo = Fixtures.astronaut
        run(
            """
            local img = Image.load("\(photo)")
            assert(img.width == 512 and img.height == 512 and img.extent == Rect(0, 0, 512, 512))
            assert(tostring(img) == "Image 512×512 @ (0, 0)")
            local f = Filter("CIGaussianBlur")
            assert(f.inputRadius == 10 and f.radius == 10)
            f.inputImage = img
            f.radius = 2
            assert(f.outputImage.extent == Rect(-7, -7, 526, 526))
            assert(tostring(f) == 'Filter("CIGaussianBlur") {inputImage = Image 512×512 @ (0, 0), inputRadius = 2}', tostring(f))
            f:setDefaults()
            assert(f.inputRadius == 10 and f.inputImage == nil)
            local keys = f:keys()
            assert(keys[1] == "inputImage" and keys[2] == "inputRadius")
            local a = Filter.attributes("CISepiaTone")
            assert(a.inputIntensity.CIAttributeDefault == 1 and a.CIAttributeFilterDisplayName == "Sepia Tone")
            local out = img | CISepiaTone{intensity = 0.5} | CIGaussianBlur{radius = 1}
            assert(out.extent == Rect(-4, -4, 520, 520))
            local same = img:apply("CISepiaTone", {inputIntensity = 0.5})
            local px1, px2 = same:pixel(100, 100), (img | CISepiaTone{intensity = 0.5}):pixel(100, 100)
            assert(px1 == px2)
            assert(tostring(CISepiaTone{intensity = 0.5}) == "CISepiaTone{intensity = 0.5}")
            local crop = img:cropped(Rect(10, 10, 20, 30))
            assert(crop.extent == Rect(10, 10, 20, 30))
            assert(img:clampedToExtent().extent == Rect.infinite)
            assert(img:transformed(Transform.scale(2)).width == 1024)
            local red = Image.color(Color(1, 0, 0, 1)):pixel(5, 5)
            assert(math.abs(red.r - 1) < 1e-6 and red.g == 0 and red.a == 1, tostring(red))
            local names = Filter.names()
            local blurs = table.concat(Filter.names("CICategoryBlur"), " ")
            assert(#names >= 10 and blurs:find("CIGaussianBlur", 1, true) and not blurs:find("CISepiaTone", 1, true))
            """)
    }

    func testErrorsCarryFileAndLineAndReadLikeLua() throws {
        let e1 = try XCTUnwrap(failure("local x = 1\nImage.load(\"x.png\"):cropped(5)"))
        XCTAssertTrue(e1.message.hasPrefix("spec.lua:2: x.png:"), e1.message)
        let e2 = try XCTUnwrap(failure("local img = Image.color(Color(1,0,0))\n\nimg:cropped(5)"))
        XCTAssertTrue(e2.message.hasPrefix("spec.lua:3: bad argument #2 to 'cropped' (Rect expected, got number)"), e2.message)
        XCTAssertTrue(e2.message.contains("stack traceback:"), e2.message)
        XCTAssertEqual(e2.status, .script)
        let e3 = try XCTUnwrap(failure("local f = Filter('CIGaussianBlur')\nf.inputRadius = -3"))
        XCTAssertTrue(e3.message.hasPrefix("spec.lua:2: CIGaussianBlur.inputRadius: expected a number ≥ 0, got -3"), e3.message)
        XCTAssertEqual(e3.status, .script, "a value a script passed is the script's error")
        let e4 = try XCTUnwrap(failure("Filter('CIGausianBlur')"))
        XCTAssertTrue(e4.message.contains("unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)"), e4.message)
        let e5 = try XCTUnwrap(failure("local s = CISepiaTone{bogus = 1}\nlocal img = Image.color(Color(1,1,1)) | s"))
        XCTAssertTrue(
            e5.message.hasPrefix("spec.lua:1: CISepiaTone: no input named 'bogus'"),
            "checked where the step is built: \(e5.message)")
        let e6 = try XCTUnwrap(failure("local s = CISepiaTone{}\nlocal t = CIGausianBlur{radius = 2}"))
        XCTAssertTrue(
            e6.message.hasPrefix("spec.lua:2: unknown filter 'CIGausianBlur' (did you mean CIGaussianBlur?)"), e6.message)
        let e7 = try XCTUnwrap(failure("local c = Chain{}\nc:insert(CISepiaTone{})\nc:replace(1, CIGaussianBlur{radius = -1})"))
        XCTAssertTrue(e7.message.hasPrefix("spec.lua:3: CIGaussianBlur.inputRadius"), e7.message)
        XCTAssertFalse(e7.message.components(separatedBy: "\n")[0].contains("stdlib"), e7.message)
    }

    func testApplyStepsParsesStepExpressions() throws {
        let img = Image.color(Color(0.5, 0.5, 0.5)).cropped(to: Rect(0, 0, 4, 4))
        let out = try lua.applySteps(img, ["CIExposureAdjust{EV = 1}", "CICrop{rectangle = Rect(0, 0, 2, 2)}"])
        XCTAssertEqual(out.extent, Rect(0, 0, 2, 2))
        XCTAssertThrowsError(try lua.applySteps(img, ["os.exit(1)"]))
        XCTAssertThrowsError(try lua.applySteps(img, ["CISepiaTone{"])) { e in
            XCTAssertEqual((e as? LuaScriptError)?.status, .script)
        }
        XCTAssertThrowsError(try lua.applySteps(img, ["CIGaussianBlur{radius = -1}"])) { e in
            XCTAssertEqual((e as? LuaScriptError)?.status, .script, "the CLI reports it as a bad value (3)")
            XCTAssertTrue("\(e)".hasPrefix("-f 'CIGaussianBlur{radius = -1}': CIGaussianBlur.inputRadius"), "\(e)")
        }
        let composed = try lua.applySteps(img, ["CIExposureAdjust{EV = 1} | CICrop{rectangle = Rect(0, 0, 3, 3)}"])
        XCTAssertEqual(composed.extent, Rect(0, 0, 3, 3), "steps joined with | run in order")
    }
}

/// The Lua GC is told about pixel memory it cannot see, so image loops stay bounded.
final class LuaMemoryTests: XCTestCase {
    func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? "0 0"
        return (Int(statm.split(separator: " ")[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    func testImageLoopStaysBounded() throws {
        let lua = try LuaRuntime()
        try lua.run(chunk: "for i = 1, 5 do local img = Image.load('\(Fixtures.coffee)') end collectgarbage()", name: "=warm")
        let before = residentBytes()
        // 300 decoded 600×400 images hold 3.8 MB of pixels each: 1.1 GB if none were freed.
        try lua.run(
            chunk: "for i = 1, 300 do local img = Image.load('\(Fixtures.coffee)'); assert(img.width == 600) end",
            name: "=loop")
        let grown = residentBytes() - before
        XCTAssertLessThan(grown, 300 << 20, "resident memory grew by \(grown >> 20) MiB")
    }
}
