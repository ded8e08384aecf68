import Foundation
import LuaBridge
import PixelCore
import TestSupport
import XCTest

/// Generators from Lua: byte strings as messages, generator steps, `scaledNearest` and the
/// QR specials (default payload, nearest-neighbour presentation).
final class GeneratorSpecialsTests: XCTestCase {
    var lua: LuaRuntime!
    override func setUpWithError() throws { lua = try LuaRuntime() }

    func run(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
        do { try lua.run(chunk: code, name: "=test") } catch { XCTFail("\(error)", file: file, line: line) }
    }

    func failure(_ code: String) -> String? {
        do { try lua.run(chunk: code, name: "=test") } catch { return "\(error)" }
        return nil
    }

    func testMessagesAreBytes() {
        run(
            """
            local f = Filter("CIQRCodeGenerator")
            f.message = "\\0\\1\\255\\254 binary"
            assert(f.inputMessage == "\\0\\1\\255\\254 binary", "binary bytes survive")
            f.message = "Grüße ✓"
            assert(f.message == "Grüße ✓" and #f.message == 11)
            assert(f.outputImage.extent == Rect(0, 0, 23, 23))
            """)
        XCTAssertNotNil(failure(#"local f = Filter("CIQRCodeGenerator"); f.correctionLevel = "\255""#))
    }

    func testQRSpecials() {
        run(
            """
            local s = specials.CIQRCodeGenerator
            local f = s.prepare(Filter("CIQRCodeGenerator"))
            assert(f.message == "https://example.org" and f.correctionLevel == "M")
            local g = Filter("CIQRCodeGenerator")
            g.message = "kept"; g.correctionLevel = "H"
            s.prepare(g)
            assert(g.message == "kept" and g.correctionLevel == "H", "a set message is left alone")
            local tiny = f.outputImage
            local w = tiny.width
            local big = s.present(tiny, 300, 200)
            local k = math.floor(200 / w)
            assert(big.extent == Rect(0, 0, w * k, w * k), tostring(big.extent))
            assert(s.present(tiny, Rect(0, 0, 10, 10)).extent == tiny.extent, "never smaller than one pixel per module")
            -- Crisp: every k×k block is one module's colour, equal to the tiny image's pixel.
            for _, m in ipairs({{0, 0}, {3, 5}, {w - 1, 7}, {12, w - 2}}) do
              local want = tiny:pixel(m[1], m[2])
              for _, d in ipairs({{0, 0}, {k - 1, 0}, {0, k - 1}, {k - 1, k - 1}}) do
                assert(big:pixel(m[1] * k + d[1], m[2] * k + d[2]) == want)
              end
            end
            for _, name in ipairs({"CIAztecCodeGenerator", "CICode128BarcodeGenerator", "CIPDF417BarcodeGenerator"}) do
              local b = specials[name].prepare(Filter(name))
              assert(#b.message > 0, name)
              assert(specials[name].present(b.outputImage, 400, 400).width <= 400, name)
            end
            """)
        XCTAssertTrue(failure("Image.color(Color(1, 0, 0)):scaledNearest(0)")?.contains("1…65536") == true)
        XCTAssertTrue(
            failure("Image.color(Color(1, 0, 0)):scaledNearest(1.5)")?.contains("whole number in 1…65536 expected") == true)
        XCTAssertTrue(failure("specials.fitNearest(Image.color(Color(1, 0, 0)), 10, 10)")?.contains("infinite") == true)
    }

    func testGeneratorStepsIgnoreTheirInput() {
        let photo = Fixtures.astronaut
        run(
            """
            local img = Image.load("\(photo)")
            local qr = img | CIQRCodeGenerator{message = "hello"}
            assert(qr.extent == Rect(0, 0, 23, 23))
            local tinted = qr | CIColorControls{saturation = 0}
            assert(tinted.extent == qr.extent, "a generator's output flows on through the chain")
            local grad = img:apply("CILinearGradient", {point1 = Vector(0, 100)})
            assert(grad.extent:isInfinite())
            local d = img | CIDissolveTransition{targetImage = img, time = 0.5}
            assert(d.extent == img.extent)
            """)
    }
}
