import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// OpenEXR: known linear values (negative, above 1, premultiplied alpha) survive half and
/// float round trips unclamped; files re-encoded by OpenEXR's own tool (`exrmaketiled`:
/// tiles, PIZ/RLE/ZIPS/PXR24/B44 compression) and decoded by libvips (OpenEXR's C++
/// library) give the same values; truncated (exit 4) vs damaged (exit 3) input, limits,
/// chromaticities, streaming.
final class EXRTests: XCTestCase {
    var dir: URL!
    override func setUp() { dir = Fixtures.temporaryDirectory() }
    override func tearDown() { try? FileManager.default.removeItem(at: dir) }
    func file(_ name: String) -> String { dir.appendingPathComponent(name).path }

    static let width = 37, height = 21

    /// The known value of channel `c` at (x, y from the top): premultiplied, extended range.
    static func value(_ x: Int, _ y: Int, _ c: Int) -> Float {
        switch c {
        case 0: return Float(x) * 0.1 - 1
        case 1: return Float(y) * 0.25
        case 2: return Float(x + y) * 3.5
        default: return 0.5 + 0.01 * Float(x)
        }
    }

    static func known(alpha: Bool = true) -> Image {
        let b = PixelBuffer(uninitialized: IRect(0, 0, width, height))
        for y in 0..<height {
            let row = b.row(height - 1 - y)
            for x in 0..<width {
                row[x] = Pixel(value(x, y, 0), value(x, y, 1), value(x, y, 2), alpha ? value(x, y, 3) : 1)
            }
        }
        return Image(SourceNode(b, opaque: !alpha))
    }

    /// The largest difference from the known values, relative to max(1, |value|).
    func error(_ image: Image, alpha: Bool = true) throws -> Float {
        XCTAssertEqual(image.extent, Rect(0, 0, Double(Self.width), Double(Self.height)))
        let b = try Context().render(image, rect: IRect(0, 0, Self.width, Self.height))
        var worst: Float = 0
        for y in 0..<Self.height {
            let row = b.row(Self.height - 1 - y)
            for x in 0..<Self.width {
                let p = row[x]
                for (c, v) in [p.x, p.y, p.z, p.w].enumerated() {
                    let want = c == 3 && !alpha ? 1 : Self.value(x, y, c)
                    worst = max(worst, abs(v - want) / max(1, abs(want)))
                }
            }
        }
        return worst
    }

    func write(_ image: Image, _ name: String, depth: Int = 16) throws -> String {
        var o = SaveOptions()
        o.png.depth = depth
        try ImageWriter.write(image, to: file(name), options: o)
        return file(name)
    }

    /// Runs a tool; false when it is not installed.
    func run(_ tool: String, _ args: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    func testHalfAndFloatKeepExtendedRangeValues() throws {
        let half = try write(Self.known(), "half.exr")
        XCTAssertEqual(ImageFormat.sniff(Array(try AtomicFile.read(half).prefix(64))), .exr)
        // Half floats hold 11 significant bits: within 2^-11 of each value.
        XCTAssertLessThan(try error(try ImageIO.load(half)), 1.0 / 2048)
        XCTAssertLessThan(try error(try ImageIO.open(half)), 1.0 / 2048, "streamed")
        let float = try write(Self.known(), "float.exr", depth: 32)
        XCTAssertEqual(try error(try ImageIO.load(float)), 0, "floats are exact")
        XCTAssertEqual(
            try error(try ImageIO.load(try write(Self.known(alpha: false), "rgb.exr")), alpha: false), 0, accuracy: 1.0 / 2048)
        let loaded = try ImageIO.load(half)
        XCTAssertEqual(loaded.metadata?.properties["Format"], .string("exr"))
        XCTAssertEqual(loaded.metadata?.properties["Depth"], .number(16))
        XCTAssertEqual(loaded.metadata?.properties["Compression"], .string("zip"))
        XCTAssertEqual(
            try ImageIO.load(file("rgb.exr"), options: LoadOptions(space: .none)).metadata?.properties["Storage"],
            .string("scanline"))
    }

    func testGrayWritesLuminance() throws {
        var o = SaveOptions()
        o.png.channels = .gray
        try ImageWriter.write(Self.known(alpha: false), to: file("y.exr"), options: o)
        let b = try Context().render(try ImageIO.load(file("y.exr")), rect: IRect(0, 0, Self.width, Self.height))
        let p = b.row(Self.height - 1 - 5)[7]
        let y = 0.2126 * Self.value(7, 5, 0) + 0.7152 * Self.value(7, 5, 1) + 0.0722 * Self.value(7, 5, 2)
        XCTAssertEqual(p.x, y, accuracy: abs(y) / 1024)
        XCTAssertEqual(p.x, p.z)
        XCTAssertEqual(p.w, 1)
    }

    /// OpenEXR's own tool re-encodes the file tiled with every lossless compression (and
    /// lossy PXR24/B44 within their error): Lunette reads every one to the same values.
    func testFilesReencodedByOpenEXRToolsDecodeTheSame() throws {
        let half = try write(Self.known(), "half.exr"), float = try write(Self.known(), "float.exr", depth: 32)
        guard run("exrmaketiled", ["-t", "16", "8", "-z", "piz", half, file("tiled-piz.exr")]) else {
            throw XCTSkip("exrmaketiled (Debian: openexr) is not installed")
        }
        XCTAssertLessThan(try error(try ImageIO.load(file("tiled-piz.exr"))), 1.0 / 2048, "tiled, PIZ")
        XCTAssertLessThan(try error(try ImageIO.open(file("tiled-piz.exr"))), 1.0 / 2048, "tiled, streamed")
        for z in ["none", "rle", "zip", "piz"] {
            XCTAssertTrue(run("exrmaketiled", ["-t", "8", "32", "-z", z, float, file("f-\(z).exr")]))
            XCTAssertEqual(try error(try ImageIO.open(file("f-\(z).exr"))), 0, "float tiles, \(z)")
        }
        XCTAssertTrue(run("exrmaketiled", ["-z", "pxr24", float, file("pxr24.exr")]))
        XCTAssertLessThan(try error(try ImageIO.load(file("pxr24.exr"))), 1.0 / 16384, "PXR24 (24-bit floats)")
        // OpenEXRCore 3.1 has no DWA decoder: a clear error, exit 3.
        XCTAssertTrue(run("exrmaketiled", ["-z", "dwaa", half, file("dwaa.exr")]))
        XCTAssertThrowsError(try ImageIO.load(file("dwaa.exr"))) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .invalidInput, "\($0)")
            XCTAssertTrue("\($0)".contains("DWAA/DWAB compression is not supported"), "\($0)")
        }
    }

    /// libvips reads OpenEXR with OpenEXR's C++ library: the same values as Lunette's read
    /// through OpenEXRCore, for a scanline and a tiled file.
    func testLibvipsDecodesTheSameValues() throws {
        let half = try write(Self.known(), "half.exr")
        guard run("vips", ["rawsave", half, file("half.raw")]) else { throw XCTSkip("vips is not installed") }
        var files = [half]
        // Tiled PIZ and RLE. (B44 is left out: OpenEXRCore 3.1.5 decodes a B44 tile cut by
        // both the right and the bottom edge differently from the C++ library.)
        for z in ["piz", "rle"] where run("exrmaketiled", ["-t", "16", "8", "-z", z, half, file("t-\(z).exr")]) {
            files.append(file("t-\(z).exr"))
        }
        for f in files {
            XCTAssertTrue(run("vips", ["rawsave", f, file("out.raw")]))
            let raw = try AtomicFile.read(file("out.raw"))
            XCTAssertEqual(raw.count, Self.width * Self.height * 16, "float RGBA")
            let vips = raw.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
            let b = try Context().render(try ImageIO.load(f), rect: IRect(0, 0, Self.width, Self.height))
            var worst: Float = 0
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    let p = b.row(Self.height - 1 - y)[x], v = vips[(y * Self.width + x) * 4..<(y * Self.width + x + 1) * 4]
                    // vips scales alpha to 0…255.
                    let d = zip([p.x, p.y, p.z, p.w * 255], v).map { abs($0 - $1) }
                    worst = max(worst, d.max()!)
                }
            }
            XCTAssertEqual(worst, 0, "\(f)")
        }
    }

    func testTruncatedAndDamagedFiles() throws {
        let bytes = try AtomicFile.read(try write(Self.known(), "half.exr"))
        for cut in [3, 40, 200, bytes.count / 2, bytes.count - 10] {
            XCTAssertThrowsError(try ImageIO.decode(Array(bytes.prefix(cut)), name: "cut")) {
                XCTAssertEqual(($0 as? LunetteError)?.status, .truncated, "cut at \(cut): \($0)")
                XCTAssertTrue("\($0)".contains("cut: truncated OpenEXR"), "\($0)")
            }
        }
        // Streamed: the error surfaces when the rows are rendered.
        let streamed = try ImageIO.open(try writeBytes(Array(bytes.prefix(bytes.count - 10)), "cut.exr"))
        XCTAssertThrowsError(try Context().render(streamed, rect: IRect(0, 0, Self.width, Self.height))) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .truncated, "\($0)")
        }
        var damaged = bytes
        for i in bytes.count - 300..<bytes.count - 280 { damaged[i] = 0xff }
        XCTAssertThrowsError(try ImageIO.decode(damaged, name: "bad")) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .invalidInput, "\($0)")
            XCTAssertTrue("\($0)".contains("bad: invalid OpenEXR"), "\($0)")
        }
    }

    /// A fuzzed tiled B44 file with a channel Lunette skips: OpenEXRCore 3.1.5 wrote through
    /// the skipped channel's NULL pointer; now a clean exit-3 error (a later tile is damaged).
    func testAFuzzedB44FileWithAnUnnamedChannelIsAnError() throws {
        let bytes = try AtomicFile.read(Fixtures.fixture("fuzz/exr/b44-unnamed-channel.exr"))
        XCTAssertThrowsError(try ImageIO.decode(bytes, name: "fuzzed")) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .invalidInput, "\($0)")
        }
    }

    func writeBytes(_ bytes: [UInt8], _ name: String) throws -> String {
        try Data(bytes).write(to: URL(fileURLWithPath: file(name)))
        return file(name)
    }

    /// Replaces the first occurrence of `old` in the header.
    func patch(_ bytes: [UInt8], _ old: [UInt8], _ new: [UInt8]) throws -> [UInt8] {
        let at = try XCTUnwrap((0..<bytes.count - old.count).first { Array(bytes[$0..<$0 + old.count]) == old })
        var b = bytes
        b.replaceSubrange(at..<at + old.count, with: new)
        return b
    }

    func testLimitsAndUnsupportedChannels() throws {
        let bytes = try AtomicFile.read(try write(Self.known(), "half.exr"))
        let saved = Limits.maxPixels
        defer { Limits.maxPixels = saved }
        Limits.maxPixels = 100
        XCTAssertThrowsError(try ImageIO.decode(bytes, name: "big")) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .limit, "\($0)")
        }
        Limits.maxPixels = saved
        // Channels renamed X, Y2…: nothing Lunette can show.
        let renamed = try patch(
            try patch(bytes, Array("R\0".utf8) + [1], Array("X\0".utf8) + [1]), Array("A\0".utf8) + [1], Array("Z\0".utf8) + [1])
        XCTAssertThrowsError(try ImageIO.decode(renamed, name: "odd")) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .invalidInput, "\($0)")
            XCTAssertTrue("\($0)".contains("no R, G, B or Y"), "\($0)")
        }
    }

    /// Display P3 chromaticities (D65): values are taken to the working primaries by the
    /// published P3 → sRGB matrix (as lcms and Apple's ColorSync give it).
    func testChromaticitiesAreConvertedToTheWorkingPrimaries() throws {
        let red = PixelBuffer(IRect(0, 0, 1, 1))
        red.row(0)[0] = Pixel(1, 0, 0, 1)
        let image = Image(SourceNode(red, opaque: true))
        let bytes = try AtomicFile.read(try write(image, "red.exr", depth: 32))
        let rec709: [Float] = [0.64, 0.33, 0.30, 0.60, 0.15, 0.06, 0.3127, 0.3290]
        let p3: [Float] = [0.680, 0.320, 0.265, 0.690, 0.150, 0.060, 0.3127, 0.3290]
        func floats(_ v: [Float]) -> [UInt8] { v.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) } }
        let tagged = try patch(bytes, floats(rec709), floats(p3))
        let converted = try Context().render(try ImageIO.decode(tagged, name: "p3"), rect: IRect(0, 0, 1, 1))
        let px = converted.row(0)[0]
        XCTAssertEqual(px.x, 1.2249, accuracy: 0.001)
        XCTAssertEqual(px.y, -0.0420, accuracy: 0.001)
        XCTAssertEqual(px.z, -0.0197, accuracy: 0.001)
        let raw = try Context().render(
            try ImageIO.decode(tagged, name: "p3", options: LoadOptions(space: .none)), rect: IRect(0, 0, 1, 1))
        XCTAssertEqual(raw.row(0)[0], Pixel(1, 0, 0, 1), "{colorSpace = false}: the stored values")
    }

    func testOutputColourSpacesOtherThanLinearSRGBAreRefused() throws {
        var o = SaveOptions()
        o.colorSpace = .displayP3
        XCTAssertThrowsError(try ImageWriter.write(Self.known(), to: file("p3.exr"), options: o)) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .usage, "\($0)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file("p3.exr")))
    }
}
