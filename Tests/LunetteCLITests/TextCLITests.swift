import Foundation
import TestSupport
import XCTest

/// Text from the command line: the watermark example, a missing font's warning, and
/// `filters --missing`.
final class TextCLITests: ScratchTestCase {
    func lunette(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try ProcessRunner.run(args, executable: CLITests.binary)
        return (r.status, String(decoding: r.stdout, as: UTF8.self), r.stderr)
    }

    func testWatermarkExampleMarksTheCornerOnly() throws {
        let out = path("marked.png")
        let r = try lunette(["run", Fixtures.path("scripts/examples/watermark.lua"), Fixtures.coffee, out, "© Lunette"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("\"© Lunette\" in DejaVu Sans"), r.stdout)
        let diff = try lunette([
            "-e",
            """
            local a, b = Image.load("\(Fixtures.coffee)"), Image.load("\(out)")
            local e = a.extent
            local function changed(x0, y0, x1, y1)
              local n = 0
              for y = y0, y1, 2 do for x = x0, x1, 2 do
                local p, q = a:pixel(x, y), b:pixel(x, y)
                if math.abs(p.r - q.r) + math.abs(p.g - q.g) + math.abs(p.b - q.b) > 0.02 then n = n + 1 end
              end end
              return n
            end
            print(changed(e.width * 0.6, 0, e.width - 1, e.height / 8), changed(0, e.height / 2, e.width / 2, e.height - 1))
            """,
        ])
        XCTAssertEqual(diff.status, 0, diff.stderr)
        let counts = diff.stdout.split(whereSeparator: { $0 == "\t" || $0 == "\n" }).compactMap { Int($0) }
        XCTAssertEqual(counts.count, 2, diff.stdout)
        XCTAssertGreaterThan(counts.first ?? 0, 20, "text in the lower-right corner")
        XCTAssertEqual(counts.last, 0, "the rest of the photo untouched")
    }

    func testMissingFontWarnsAndStillRenders() throws {
        let out = path("t.png")
        let r = try lunette([
            "apply", "-o", out, "-f", #"CITextImageGenerator{text = "Hello", fontName = "Imaginary Sans 3000", fontSize = 30}"#,
        ])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(
            r.stderr.contains("warning: CITextImageGenerator: font \"Imaginary Sans 3000\" not found, using \"DejaVu Sans"),
            r.stderr)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    func testFiltersMissingListsWhatCoreImageHasWithTheReason() throws {
        let r = try lunette(["filters", "--missing"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasPrefix("CIDepthBlurEffect ") && $0.contains("depth data") }, r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("CICoreMLModelFilter ") && $0.contains("Core ML") }, r.stdout)
        XCTAssertFalse(lines.contains { $0.hasPrefix("CIGaussianBlur ") || $0.hasPrefix("CITextImageGenerator ") })
        XCTAssertTrue(lines.dropLast().allSatisfy { $0.hasSuffix("not yet") || $0.contains("needs") }, r.stdout)
        XCTAssertTrue(
            lines.last?.hasSuffix("of Core Image's 242 filters are in Lunette; \(lines.count - 1) are not.") ?? false, r.stdout)
    }
}
