import Foundation
import PixelCore
import TestSupport
import XCTest

@testable import Codecs

/// Writing every format: round trips, encoder options that change the file, output
/// colour spaces (a Display P3 round trip keeps colours outside sRGB), metadata kept
/// with the orientation reset, `strip`.
final class FormatEncodeTests: XCTestCase {
    let photo = FormatFixtures.path("baseline.ref.png")

    func roundTrip(
        _ image: Image, _ format: ImageFormat, _ options: SaveOptions = SaveOptions(),
        load: LoadOptions = LoadOptions()
    ) throws -> Image {
        let bytes = try ImageWriter.encode(image, format: format, options: options)
        XCTAssertEqual(ImageFormat.sniff(Array(bytes.prefix(64))), format)
        return try ImageIO.decode(bytes, name: "round trip", options: load)
    }

    func testLosslessFormatsRoundTripExactly() throws {
        let img = try ImageIO.load(photo)
        var lossless = SaveOptions()
        lossless.lossless = true
        XCTAssertEqual(try FormatFixtures.maxDifference(try roundTrip(img, .webp, lossless), img), 0)
        XCTAssertEqual(try FormatFixtures.maxDifference(try roundTrip(img, .tiff), img), 0)
        var lzw = SaveOptions()
        lzw.tiffCompression = "lzw"
        lzw.png.depth = 16
        XCTAssertEqual(try FormatFixtures.maxDifference(try roundTrip(img, .tiff, lzw), img), 0)
        let alpha = try ImageIO.load(FormatFixtures.path("alpha.webp"))
        XCTAssertEqual(try FormatFixtures.maxDifference(try roundTrip(alpha, .tiff), alpha), 0)
    }

    func testLossyFormatsStayClose() throws {
        let img = try ImageIO.load(photo)
        for format in [ImageFormat.jpeg, .webp] + (HEIFCodec.canEncode(.heif) ? [.heif] : []) {
            let d = try FormatFixtures.maxDifference(try roundTrip(img, format), img)
            XCTAssertLessThan(d, 64, "\(format)")
        }
    }

    func testJPEGOptionsChangeTheFile() throws {
        let img = try ImageIO.load(Fixtures.coffee)
        var low = SaveOptions(), high = SaveOptions(), progressive = SaveOptions(), full = SaveOptions()
        var optimized = SaveOptions()
        low.quality = 40; high.quality = 95; progressive.progressive = true; full.subsampling = 444
        optimized.optimizeHuffman = true
        let sizes = try [low, high, SaveOptions(), full, optimized].map {
            try ImageWriter.encode(img, format: .jpeg, options: $0).count
        }
        XCTAssertLessThan(sizes[0], sizes[2])
        XCTAssertLessThan(sizes[2], sizes[1])
        XCTAssertLessThan(sizes[2], sizes[3], "4:4:4 keeps more chroma than 4:2:0")
        XCTAssertLessThan(sizes[4], sizes[2], "standard Huffman tables by default; optimised ones are smaller")
        let p = try roundTrip(img, .jpeg, progressive)
        XCTAssertEqual(p.metadata?.properties["Progressive"], .number(1))
        XCTAssertNil(try roundTrip(img, .jpeg).metadata?.properties["Progressive"])
    }

    func testDisplayP3RoundTripKeepsSaturatedColours() throws {
        let file = FormatFixtures.path("display-p3.png")
        let managed = try ImageIO.load(file)
        let buffer = try Context(threads: 1).render(managed, rect: IRect(0, 0, 24, 8))
        let top = buffer.row(7)
        XCTAssertLessThan(top[5].x, -0.2, "P3 green is outside sRGB: negative red in the working space")
        XCTAssertGreaterThan(top[1].x, 1.0, "P3 red is brighter than sRGB red can be")
        var p3 = SaveOptions()
        p3.colorSpace = .displayP3
        for format in [ImageFormat.png, .tiff, .webp] {
            var o = p3
            o.lossless = true
            let back = try roundTrip(managed, format, o, load: LoadOptions(space: .none))
            let stored = try ImageIO.load(file, options: LoadOptions(space: .none))
            XCTAssertLessThanOrEqual(try FormatFixtures.maxDifference(back, stored), 1, "\(format)")
            XCTAssertEqual(
                try roundTrip(managed, format, o).metadata?.properties["ProfileName"], .string("Display P3"), "\(format)")
        }
    }

    func testFloatTIFFKeepsValuesOutsideTheUnitRange() throws {
        let managed = try ImageIO.load(FormatFixtures.path("display-p3.png"))
        var f = SaveOptions()
        f.png.depth = 32
        let back = try roundTrip(managed, .tiff, f)
        let a = try Context(threads: 1).render(managed, rect: IRect(0, 0, 24, 8))
        let b = try Context(threads: 1).render(back, rect: IRect(0, 0, 24, 8))
        for x in 0..<24 { XCTAssertEqual(a.row(7)[x].x, b.row(7)[x].x, accuracy: 1e-5) }
    }

    func testEXIFIsKeptUprightOrStripped() throws {
        let rotated = try ImageIO.load(FormatFixtures.path("orient6.jpg"))
        for format in [ImageFormat.jpeg, .png, .webp] {
            var o = SaveOptions()
            o.metadata = rotated.metadata
            o.lossless = true
            let back = try roundTrip(rotated, format, o)
            XCTAssertEqual(back.metadata?.orientation, 1, "\(format): orientation reset")
            guard case .dictionary(let tiff)? = back.metadata?.properties["TIFF"] else { XCTFail("\(format): no EXIF"); continue }
            XCTAssertEqual(tiff["Make"], .string("Lunette"))
            XCTAssertEqual(back.extent, rotated.extent, "\(format): not rotated twice")
            o.strip = true
            XCTAssertNil(try roundTrip(rotated, format, o).metadata?.properties["TIFF"], "\(format): stripped")
        }
    }

    func testOutputFormatIsChosenByNameOrExtension() throws {
        XCTAssertEqual(try ImageFormat.forOutput("a/b.JPG"), .jpeg)
        XCTAssertEqual(try ImageFormat.forOutput("x.tiff"), .tiff)
        XCTAssertEqual(try ImageFormat.forOutput("-"), .png)
        XCTAssertEqual(try ImageFormat.forOutput("x.png", explicit: "webp"), .webp)
        for bad in ["x.bmp", "noext"] {
            XCTAssertThrowsError(try ImageFormat.forOutput(bad)) {
                XCTAssertEqual(($0 as? LunetteError)?.status, .usage)
                XCTAssertTrue("\($0)".contains("png, jpeg, webp, tiff"), "\($0)")
            }
        }
    }
}
