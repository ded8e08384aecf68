import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// EXIF in TIFF files: the Exif and GPS IFDs of an input become `img.properties` and the
/// EXIF outputs keep; TIFF outputs write them as IFDs of their own (`--strip` drops them).
/// exif.tif's values are the ones gen_formats.py wrote with Pillow.
final class TIFFEXIFTests: XCTestCase {
    func dictionary(_ image: Image, _ key: String) -> [String: PropertyValue]? {
        guard case .dictionary(let d)? = image.metadata?.properties[key] else { return nil }
        return d
    }

    func checkFields(_ image: Image, _ what: String) throws {
        let exif = try XCTUnwrap(dictionary(image, "Exif"), "\(what): no Exif fields")
        XCTAssertEqual(exif["FNumber"], .number(2.8), what)
        XCTAssertEqual(exif["ISOSpeedRatings"], .number(200), what)
        XCTAssertEqual(exif["FocalLength"], .number(50), what)
        XCTAssertEqual(exif["DateTimeOriginal"], .string("2024:01:02 03:04:05"), what)
        let gps = try XCTUnwrap(dictionary(image, "GPS"), "\(what): no GPS fields")
        XCTAssertEqual(gps["LatitudeRef"], .string("N"), what)
        guard case .number(let lat)? = gps["Latitude"], case .number(let lon)? = gps["Longitude"] else { return XCTFail(what) }
        XCTAssertEqual(lat, 48 + 51.0 / 60 + 30.0 / 3600, accuracy: 1e-9, what)
        XCTAssertEqual(lon, 2 + 21.0 / 60, accuracy: 1e-9, what)
    }

    func testExifAndGPSIFDsOfATIFFBecomeProperties() throws {
        let img = try ImageIO.load(FormatFixtures.path("exif.tif"))
        try checkFields(img, "exif.tif")
        XCTAssertEqual(dictionary(img, "TIFF")?["Make"], .string("Lunette Cam"))
        XCTAssertNil(dictionary(try ImageIO.load(FormatFixtures.path("rgb-lzw.tif")), "Exif"), "no Exif IFD, no fields")
    }

    func testOutputsKeepTheExifOfATIFFAndTIFFOutputsWriteIt() throws {
        let img = try ImageIO.load(FormatFixtures.path("exif.tif"))
        var o = SaveOptions()
        o.metadata = img.metadata
        for format in [ImageFormat.tiff, .jpeg, .png] {
            let bytes = try ImageWriter.encode(img, format: format, options: o)
            try checkFields(try ImageIO.decode(bytes, name: "out"), "\(format)")
        }
        // An independent reader of the TIFF written: Pillow, when installed.
        let path = Fixtures.temporaryDirectory().appendingPathComponent("out.tif").path
        try Data(try ImageWriter.encode(img, format: .tiff, options: o)).write(to: URL(fileURLWithPath: path))
        let code =
            "import sys; from PIL import Image; e = Image.open(sys.argv[1]).getexif(); x = e.get_ifd(0x8769); "
            + "g = e.get_ifd(0x8825); print(float(x[0x829d]), x[0x8827], g[1], [float(v) for v in g[2]])"
        if let out = FormatFixtures.python(code, path) {
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "2.8 200 N [48.0, 51.0, 30.0]\n")
        }
        o.strip = true
        XCTAssertNil(dictionary(try ImageIO.decode(try ImageWriter.encode(img, format: .tiff, options: o), name: "out"), "Exif"))
    }

    func testBigEndianEXIFIsWrittenIntoALittleEndianTIFF() throws {
        // A Motorola-order block (as many cameras write): ISO 200 (SHORT), FNumber 28/10 (RATIONAL).
        let exif = [
            EXIF.Entry(tag: 0x8827, type: 3, count: 1, value: [0, 200]),
            EXIF.Entry(tag: 0x829d, type: 5, count: 1, value: [0, 0, 0, 28, 0, 0, 0, 10]),
        ]
        let block = EXIF.serialize(little: false, ifd0: [], exif: exif, gps: [])
        var o = SaveOptions()
        o.metadata = ImageMetadata(exif: block)
        let back = try ImageIO.decode(
            try ImageWriter.encode(TestImages.random(8, 8, opaque: true), format: .tiff, options: o),
            name: "out")
        XCTAssertEqual(dictionary(back, "Exif")?["ISOSpeedRatings"], .number(200))
        XCTAssertEqual(dictionary(back, "Exif")?["FNumber"], .number(2.8))
    }

    /// ImageDescription, Software, DateTime, Artist and Copyright survive a TIFF rewrite
    /// (read back by Lunette and by Pillow); page 2's own Exif IFD is read with `page: 2`.
    func testTextTagsAreRewrittenAndLaterPagesKeepTheirEXIF() throws {
        let img = try ImageIO.load(FormatFixtures.path("texts.tif"))
        var o = SaveOptions()
        o.metadata = img.metadata
        let path = Fixtures.temporaryDirectory().appendingPathComponent("texts.tif").path
        try ImageWriter.write(img, to: path, options: o)
        let texts = [
            "ImageDescription": "A cat, cropped", "Software": "gen_formats.py", "DateTime": "2024:05:06 07:08:09",
            "Artist": "Lunette tests", "Copyright": "CC0",
        ]
        let back = try XCTUnwrap(dictionary(try ImageIO.load(path), "TIFF"))
        for (key, value) in texts { XCTAssertEqual(back[key], .string(value), key) }
        let code = "import sys; from PIL import Image; t = Image.open(sys.argv[1]).tag_v2; print(t[270], t[315], t[33432])"
        if let out = FormatFixtures.python(code, path) {
            XCTAssertEqual(String(decoding: out, as: UTF8.self), "A cat, cropped Lunette tests CC0\n")
        }
        let page2 = try ImageIO.load(FormatFixtures.path("texts.tif"), options: LoadOptions(page: 2))
        XCTAssertEqual(dictionary(page2, "Exif")?["FNumber"], .number(5.6))
        XCTAssertEqual(dictionary(page2, "Exif")?["ISOSpeedRatings"], .number(400))
        XCTAssertNil(dictionary(try ImageIO.load(FormatFixtures.path("pages.tif"), options: LoadOptions(page: 2)), "Exif"))
    }
}
