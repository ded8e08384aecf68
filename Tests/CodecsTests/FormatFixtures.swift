import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// Helpers for the format tests: fixtures in Tests/Fixtures/formats (made by
/// gen_formats.py with Pillow) and 8-bit sRGB views of loaded images.
enum FormatFixtures {
    static func path(_ name: String) -> String { Fixtures.fixture("formats/" + name) }

    /// The working-space pixels of a render in small tiles (streamed sources are asked for
    /// rows many times), bottom row first.
    static func pixels(_ img: Image) throws -> [Pixel] {
        let b = try Context(threads: 2, tileSize: 16).render(img, rect: try Context.renderRect(for: img))
        return (0..<b.height).flatMap { y in Array(UnsafeBufferPointer(start: b.row(y), count: b.width)) }
    }

    /// RGBA bytes, sRGB-encoded, straight alpha, top row first (as Pillow holds them).
    static func rgba8(_ image: Image) throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let b = try Context(threads: 2).render(image, rect: try Context.renderRect(for: image))
        var out: [UInt8] = []
        out.reserveCapacity(b.width * b.height * 4)
        for y in (0..<b.height).reversed() {
            let row = b.row(y)
            for x in 0..<b.width {
                let p = row[x], a = min(max(p.w, 0), 1)
                let u = p.w > 0 ? Pixel(p.x / p.w, p.y / p.w, p.z / p.w, a) : Pixel(0, 0, 0, 0)
                out += [Transfer.encode8(u.x), Transfer.encode8(u.y), Transfer.encode8(u.z), UInt8((a * 255).rounded())]
            }
        }
        return (b.width, b.height, out)
    }

    /// The largest difference (0…255) between two images' 8-bit views; colour is ignored
    /// where the reference alpha is below 8 (Pillow's and libwebp's choices there differ).
    static func maxDifference(_ a: Image, _ b: Image, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let x = try rgba8(a), y = try rgba8(b)
        XCTAssertEqual(x.width, y.width, file: file, line: line)
        XCTAssertEqual(x.height, y.height, file: file, line: line)
        guard x.width == y.width, x.height == y.height else { return 255 }
        var worst = 0
        for i in stride(from: 0, to: x.bytes.count, by: 4) {
            let seen = y.bytes[i + 3] >= 8
            for c in 0..<4 where c == 3 || seen {
                worst = max(worst, abs(Int(x.bytes[i + c]) - Int(y.bytes[i + c])))
            }
        }
        return worst
    }

    /// Loads fixture `name` and its Pillow reference; returns their largest difference.
    static func compare(
        _ name: String, reference: String, options: LoadOptions = LoadOptions(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> Int {
        let loaded = try ImageIO.load(path(name), options: options)
        let expected = try ImageIO.load(path(reference))
        return try maxDifference(loaded, expected, file: file, line: line)
    }

    /// Standard output of `python3 -c code args…`, or nil when Python (or a module it
    /// imports, such as Pillow) is missing or the script fails.
    static func python(_ code: String, _ args: String...) -> Data? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", code] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? data : nil
    }
}
