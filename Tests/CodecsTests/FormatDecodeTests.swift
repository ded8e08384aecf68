import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// Every decoder against Pillow's decode of the same file (Tests/Fixtures/formats,
/// gen_formats.py): JPEG, WebP and TIFF within 1/255, HEIC within 2/255; tagged files
/// against ImageCms; EXIF orientations against ImageOps.exif_transpose.
final class FormatDecodeTests: XCTestCase {
    func check(_ file: String, _ reference: String, within tolerance: Int = 1, options: LoadOptions = LoadOptions()) throws {
        let d = try FormatFixtures.compare(file, reference: reference + ".ref.png", options: options)
        XCTAssertLessThanOrEqual(d, tolerance, "\(file): differs from Pillow by \(d)/255")
    }

    func testJPEGMatchesPillow() throws {
        for name in ["baseline", "progressive", "gray", "cmyk", "q444"] { try check(name + ".jpg", name) }
    }

    func testWebPMatchesPillow() throws {
        for name in ["lossy", "lossless", "alpha"] { try check(name + ".webp", name) }
    }

    func testTIFFMatchesPillow() throws {
        for name in ["rgb-lzw", "rgba-deflate", "gray16", "float", "tiled", "tiled16", "tall-tiled", "palette"] {
            try check(name + ".tif", name)
        }
        try check("pages.tif", "pages-2", options: LoadOptions(page: 2))
        XCTAssertThrowsError(try ImageIO.load(FormatFixtures.path("pages.tif"), options: LoadOptions(page: 3))) {
            XCTAssertEqual(($0 as? LunetteError)?.status, .invalidInput)
            XCTAssertTrue("\($0)".contains("no page 3 (the file has 2)"), "\($0)")
        }
    }

    func testHEICMatchesPillowHEIF() throws {
        try check("photo.heic", "photo", within: 2)
    }

    func testTaggedImagesMatchImageCms() throws {
        for space in ["display-p3", "adobe-rgb"] {
            for ext in ["png", "jpg"] { try check("\(space).\(ext)", "\(space)-\(ext)") }
        }
    }

    /// A CMYK JPEG (Adobe, inverted) with a CMYK profile goes through the profile, as
    /// ImageCms converts it; a profile lcms cannot use leaves the naive conversion (far off).
    func testCMYKProfileMatchesImageCms() throws {
        try check("cmyk-icc.jpg", "cmyk-icc")
        var bytes = try AtomicFile.read(FormatFixtures.path("cmyk-icc.jpg"))
        let marker = Array("ICC_PROFILE\0".utf8)
        let at = try XCTUnwrap((0..<bytes.count - marker.count).first { Array(bytes[$0..<$0 + marker.count]) == marker })
        let space = at + marker.count + 2 + 16
        XCTAssertEqual(Array(bytes[space..<space + 4]), Array("CMYK".utf8))
        bytes.replaceSubrange(space..<space + 4, with: Array("RGB ".utf8))
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("rgb-profile.jpg").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let naive = try FormatFixtures.maxDifference(
            try ImageIO.load(path), try ImageIO.load(FormatFixtures.path("cmyk-icc.ref.png")))
        XCTAssertGreaterThan(naive, 30, "without its profile the file converts the naive way")
    }

    func testEveryEXIFOrientationMatchesExifTranspose() throws {
        for o in 1...8 {
            try check("orient\(o).jpg", "orient\(o)")
            let img = try ImageIO.load(FormatFixtures.path("orient\(o).jpg"))
            XCTAssertEqual(img.metadata?.orientation, o)
            XCTAssertEqual(img.extent.width, 24, "orientation \(o) is upright 24×16")
            let stored = try ImageIO.load(FormatFixtures.path("orient\(o).jpg"), options: LoadOptions(orient: false))
            XCTAssertEqual(stored.extent.width, o >= 5 ? 16 : 24, "orientation \(o) kept as stored")
        }
    }

    func testPropertiesCarryEXIFFields() throws {
        let img = try ImageIO.load(FormatFixtures.path("orient6.jpg"))
        let p = try XCTUnwrap(img.metadata?.properties)
        XCTAssertEqual(p["Orientation"], .number(6))
        XCTAssertEqual(p["Format"], .string("jpeg"))
        guard case .dictionary(let tiff)? = p["TIFF"] else { return XCTFail("no TIFF fields: \(p)") }
        XCTAssertEqual(tiff["Make"], .string("Lunette"))
        let plain = try ImageIO.load(Fixtures.astronaut)
        XCTAssertEqual(plain.metadata?.properties["Format"], .string("png"))
        XCTAssertEqual(plain.metadata?.properties["PixelWidth"], .number(512))
        XCTAssertEqual(
            try ImageIO.load(FormatFixtures.path("display-p3.png")).metadata?.properties["ProfileName"], .string("Display P3"))
        let tagged = try ImageIO.load(FormatFixtures.path("tagged.tif"))
        guard case .dictionary(let fields)? = tagged.metadata?.properties["TIFF"] else { return XCTFail("no TIFF tags") }
        XCTAssertEqual(fields["Make"], .string("Lunette"))
        XCTAssertEqual(fields["Model"], .string("Fixture 1"))
        XCTAssertEqual(fields["Software"], .string("gen_formats.py"))
    }
}

/// PNG's cICP chunk (H.273 code points) instead of an ICC profile.
final class PNGCICPTests: XCTestCase {
    /// The P3 fixture with its iCCP chunk replaced by a cICP chunk of `values`.
    func withCICP(_ values: [UInt8]) throws -> [UInt8] {
        let png = try AtomicFile.read(FormatFixtures.path("display-p3.png"))
        var out = Array(png[0..<8]), at = 8
        while at + 12 <= png.count {
            let length = Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
            let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
            if type == "iCCP" {
                var crc = CRC32()
                crc.update(Array("cICP".utf8) + values)
                let c = crc.value
                out +=
                    [0, 0, 0, 4] + Array("cICP".utf8) + values + [
                        UInt8(c >> 24), UInt8(c >> 16 & 255), UInt8(c >> 8 & 255), UInt8(c & 255),
                    ]
            } else {
                out += png[at..<at + 12 + length]
            }
            at += 12 + length
        }
        return out
    }

    func testDisplayP3ByCodePointsMatchesTheProfile() throws {
        let byProfile = try ImageIO.load(FormatFixtures.path("display-p3.png"))
        let byCICP = try ImageIO.decode(try withCICP([12, 13, 0, 1]), name: "cicp.png")
        XCTAssertLessThanOrEqual(try FormatFixtures.maxDifference(byCICP, byProfile), 1)
        XCTAssertEqual(byCICP.metadata?.properties["ProfileName"], .string("Display P3"))
        let srgb = try ImageIO.decode(try withCICP([1, 13, 0, 1]), name: "srgb.png")
        XCTAssertNotEqual(try FormatFixtures.maxDifference(srgb, byProfile), 0, "sRGB code points: no conversion")
        let pq = try ImageIO.decode(try withCICP([9, 16, 0, 1]), name: "pq.png")
        XCTAssertEqual(try FormatFixtures.maxDifference(pq, srgb), 0, "unsupported transfer: treated as sRGB")
    }
}
