import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// Cut-short, damaged, hostile and unknown files: exit statuses 3/4/5 with one-line
/// messages, for every decoder; never a trap.
final class FormatErrorTests: XCTestCase {
    func status(_ data: [UInt8], _ name: String = "x") -> (ExitStatus?, String) {
        do {
            _ = try ImageIO.decode(data, name: name)
            return (nil, "")
        } catch let e as LunetteError {
            return (e.status, e.message)
        } catch {
            return (nil, "\(error)")
        }
    }

    func testTruncatedFilesAreExitFour() throws {
        for name in [
            "baseline.jpg", "progressive.jpg", "lossy.webp", "lossless.webp", "gray16.tif", "photo.heic", "display-p3.png",
        ] {
            let bytes = try AtomicFile.read(FormatFixtures.path(name))
            for fraction in [0.1, 0.5, 0.9] {
                let (s, message) = status(Array(bytes.prefix(Int(Double(bytes.count) * fraction))), name)
                XCTAssertEqual(s, .truncated, "\(name) cut to \(fraction): \(message)")
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
    }

    /// A fuzzed HEIF whose `iovl` overlay declares a 50742×22368 canvas (libheif allocated 3.4 GB
    /// for it) is a limit error now, exit 5, whatever the pixel budget's side limit.
    func testHugeOverlayCanvasIsALimitNotAnAllocation() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("fuzz/heif/oom-overlay-canvas.heic"))))
        let (s, message) = status(bytes, "overlay.heic")
        XCTAssertEqual(s, .limit, message)
        XCTAssertTrue(message.contains("16384"), message)
        XCTAssertEqual(libheifSideLimit, 16_384, "the default budget's side limit for libheif")
    }

    func testUnsupportedFormatsAreNamed() {
        let bmp = Array("BM".utf8) + [UInt8](repeating: 0, count: 60)
        XCTAssertEqual(status(bmp).0, .invalidInput)
        XCTAssertTrue(status(bmp).1.contains("unsupported image format (looks like BMP)"), status(bmp).1)
        XCTAssertTrue(status(Array("GIF89a".utf8) + [0, 0, 0, 0]).1.contains("looks like GIF"))
        XCTAssertEqual(status(Array("hello, world".utf8)).0, .invalidInput)
        XCTAssertEqual(status([]).0, .truncated)
    }

    func testDamagedHeadersAreExitThree() throws {
        var jpeg = try AtomicFile.read(FormatFixtures.path("baseline.jpg"))
        for i in 2..<60 { jpeg[i] = 0x5a }  // the markers after SOI become garbage
        XCTAssertEqual(status(jpeg).0, .invalidInput, status(jpeg).1)
        var webp = try AtomicFile.read(FormatFixtures.path("lossy.webp"))
        for i in 12..<40 { webp[i] = 0 }
        XCTAssertEqual(status(webp).0, .invalidInput, status(webp).1)
        var tiff = try AtomicFile.read(FormatFixtures.path("rgb-lzw.tif"))
        tiff[4] = 0xff; tiff[5] = 0xff; tiff[6] = 0xff; tiff[7] = 0x0f  // IFD offset far outside
        XCTAssertNotNil(status(tiff).0, status(tiff).1)
    }

    func testSizesOverTheLimitAreExitFiveBeforeDecoding() throws {
        let saved = (Limits.maxPixels, Limits.maxSide)
        defer { (Limits.maxPixels, Limits.maxSide) = saved }
        Limits.maxPixels = 100
        for name in ["baseline.jpg", "lossy.webp", "rgb-lzw.tif", "photo.heic", "orient6.jpg"] {
            let (s, message) = status(try AtomicFile.read(FormatFixtures.path(name)), name)
            XCTAssertEqual(s, .limit, "\(name): \(message)")
        }
    }

    func testADamagedProfileIsAWarningAndSRGB() throws {
        // The P3 PNG with its iCCP payload scrambled (CRC fixed up): loads as sRGB.
        var png = try AtomicFile.read(FormatFixtures.path("display-p3.png"))
        guard let at = findChunk(png, "iCCP") else { return XCTFail("no iCCP") }
        let length = Int(png[at - 4]) << 24 | Int(png[at - 3]) << 16 | Int(png[at - 2]) << 8 | Int(png[at - 1])
        for i in (at + 4 + 16)..<(at + 4 + length) { png[i] ^= 0x55 }
        var crc = CRC32()
        crc.update(Array(png[at..<(at + 4 + length)]))
        let c = crc.value
        png.replaceSubrange(
            (at + 4 + length)..<(at + 8 + length),
            with: [UInt8(c >> 24), UInt8(c >> 16 & 255), UInt8(c >> 8 & 255), UInt8(c & 255)])
        let damaged = try ImageIO.decode(png, name: "damaged.png")
        let raw = try ImageIO.decode(png, name: "damaged.png", options: LoadOptions(space: .none))
        let srgb = try FormatFixtures.rgba8(damaged), stored = try FormatFixtures.rgba8(raw)
        XCTAssertEqual(damaged.metadata?.properties["ProfileName"], nil)
        XCTAssertEqual(srgb.bytes.count, stored.bytes.count)
        // Treated as sRGB: the 8-bit view is the stored values (raw values re-encoded differ).
        let original = try FormatFixtures.rgba8(
            try ImageIO.decode(try AtomicFile.read(FormatFixtures.path("display-p3.png")), name: "p3"))
        XCTAssertNotEqual(srgb.bytes, original.bytes, "the damaged profile was not used")
    }

    func findChunk(_ png: [UInt8], _ type: String) -> Int? {
        let t = Array(type.utf8)
        return (8..<(png.count - 4)).first { Array(png[$0..<$0 + 4]) == t }
    }
}

/// CRC-32 as PNG chunks use it.
struct CRC32 {
    var value: UInt32 { ~state }
    var state: UInt32 = 0xffff_ffff
    mutating func update(_ bytes: [UInt8]) {
        for b in bytes {
            state ^= UInt32(b)
            for _ in 0..<8 { state = state & 1 != 0 ? (state >> 1) ^ 0xedb8_8320 : state >> 1 }
        }
    }
}
