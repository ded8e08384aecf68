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

    /// AVIFs written at test time by Pillow (libavif) from the baseline photo: 4:4:4 decodes
    /// within 1/255 of Pillow's decode (same matrix and range). At 4:2:0 libheif 1.15
    /// upsamples chroma its own way (no option before 1.16), libavif bilinearly: measured
    /// max 8/255 on 3 % of samples, all at colour edges.
    func testAVIFMatchesPillow() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = """
            import sys
            from PIL import Image, features
            assert features.check('avif')
            im = Image.open(sys.argv[1]).convert('RGB')
            for s in ('444', '420'):
                im.save(f'{sys.argv[2]}/{s}.avif', quality=90, subsampling=s[0] + ':' + s[1] + ':' + s[2])
                Image.open(f'{sys.argv[2]}/{s}.avif').convert('RGB').save(f'{sys.argv[2]}/{s}.png')
            """
        guard FormatFixtures.python(code, FormatFixtures.path("baseline.ref.png"), dir.path) != nil else {
            throw XCTSkip("Pillow with AVIF support is not installed")
        }
        for (s, tolerance) in [("444", 1), ("420", 10)] {
            let avif = try ImageIO.load(dir.appendingPathComponent("\(s).avif").path)
            XCTAssertEqual(avif.metadata?.properties["Format"], .string("avif"))
            let d = try FormatFixtures.maxDifference(avif, try ImageIO.load(dir.appendingPathComponent("\(s).png").path))
            XCTAssertLessThanOrEqual(d, tolerance, "\(s) AVIF differs from Pillow by \(d)/255")
        }
    }

    /// 10- and 12-bit HEICs, written at test time by pillow-heif from 16-bit samples of the
    /// baseline photo: within 1/255 of pillow-heif's own decode at full precision (its 8-bit
    /// conversion truncates, up to 3/255 off). Measured through 8-bit PNGs: 0.75/255 (10-bit),
    /// 0.93/255 (12-bit).
    func testTenAndTwelveBitHEICMatchPillowHEIF() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = """
            import sys, numpy as np, pillow_heif
            from PIL import Image
            src = np.array(Image.open(sys.argv[1]).convert('RGB')).astype(np.uint16) * 257
            for bits in (10, 12):
                pillow_heif.options.SAVE_HDR_TO_12_BIT = bits == 12
                h = pillow_heif.from_bytes(mode='RGB;16', size=(src.shape[1], src.shape[0]), data=src.tobytes())
                h.save(f'{sys.argv[2]}/hdr{bits}.heic', quality=-1)
                d = pillow_heif.open_heif(f'{sys.argv[2]}/hdr{bits}.heic', convert_hdr_to_8bit=False)
                assert d.info['bit_depth'] == bits and d.stride == d.size[0] * 6
                v = np.frombuffer(bytes(d.data), dtype=np.uint16).astype(np.float32) / (16 * 4095 if bits == 12 else 64 * 1023)
                v.astype('<f4').tofile(f'{sys.argv[2]}/hdr{bits}.f32')
            """
        guard FormatFixtures.python(code, FormatFixtures.path("baseline.ref.png"), dir.path) != nil else {
            throw XCTSkip("pillow-heif (with an HEVC encoder) is not installed")
        }
        for bits in [10, 12] {
            let image = try ImageIO.load(dir.appendingPathComponent("hdr\(bits).heic").path)
            let w = Int(image.extent.width), h = Int(image.extent.height)
            let buffer = try Context().render(image, rect: IRect(0, 0, w, h))
            OutputColorSpace.srgb.encodeFromWorking(buffer)
            let raw = try AtomicFile.read(dir.appendingPathComponent("hdr\(bits).f32").path)
            let reference = raw.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
            XCTAssertEqual(reference.count, w * h * 3)
            var worst: Float = 0
            for y in 0..<h {
                for x in 0..<w {
                    let p = buffer.row(h - 1 - y)[x], r = (y * w + x) * 3
                    worst = max(worst, abs(p.x - reference[r]), abs(p.y - reference[r + 1]), abs(p.z - reference[r + 2]))
                }
            }
            XCTAssertLessThanOrEqual(worst * 255, 1, "\(bits)-bit HEIC differs from pillow-heif by \(worst * 255)/255")
        }
    }

    func testTaggedImagesMatchImageCms() throws {
        for space in ["display-p3", "adobe-rgb"] {
            for ext in ["png", "jpg"] { try check("\(space).\(ext)", "\(space)-\(ext)") }
        }
    }

    /// The Display P3 and Adobe RGB fixtures' pixels and profiles re-saved by Pillow as a
    /// lossless WebP (ICCP chunk) and a TIFF (ICC tag), and by pillow-heif as an HEIC (ICC
    /// colour box): each matches ImageCms' relative-colorimetric conversion to sRGB of
    /// Pillow's decode (WebP, TIFF within 1/255; HEIC, lossy, within 2/255).
    func testProfilesOfWebPTIFFAndHEICMatchImageCms() throws {
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let code = """
            import sys, io
            from PIL import Image, ImageCms
            srgb = ImageCms.createProfile('sRGB')
            heif = True
            try:
                import pillow_heif; pillow_heif.register_heif_opener()
            except ImportError:
                heif = False
            for space in ('display-p3', 'adobe-rgb'):
                im = Image.open(f'{sys.argv[1]}/{space}.png'); prof = im.info['icc_profile']
                im.save(f'{sys.argv[2]}/{space}.webp', lossless=True, icc_profile=prof)
                im.save(f'{sys.argv[2]}/{space}.tif', icc_profile=prof)
                exts = ['webp', 'tif']
                if heif:
                    im.convert('RGB').save(f'{sys.argv[2]}/{space}.heic', quality=95, icc_profile=prof)
                    exts.append('heic')
                for ext in exts:
                    d = Image.open(f'{sys.argv[2]}/{space}.{ext}'); d.load()
                    p = ImageCms.ImageCmsProfile(io.BytesIO(d.info['icc_profile']))
                    ImageCms.profileToProfile(d.convert('RGB'), p, srgb, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                              outputMode='RGB').save(f'{sys.argv[2]}/{space}-{ext}.png')
            """
        guard FormatFixtures.python(code, FormatFixtures.path(""), dir.path) != nil else {
            throw XCTSkip("Pillow is not installed")
        }
        for space in ["display-p3", "adobe-rgb"] {
            for ext in ["webp", "tif", "heic"] {
                let file = dir.appendingPathComponent("\(space).\(ext)").path
                guard ext != "heic" || FileManager.default.fileExists(atPath: file) else { continue }  // pillow-heif missing
                let loaded = try ImageIO.load(file)
                XCTAssertNotNil(loaded.metadata?.properties["ProfileName"], "\(space).\(ext): profile read")
                let d = try FormatFixtures.maxDifference(
                    loaded, try ImageIO.load(dir.appendingPathComponent("\(space)-\(ext).png").path))
                XCTAssertLessThanOrEqual(d, ext == "heic" ? 2 : 1, "\(space).\(ext) differs from ImageCms by \(d)/255")
            }
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

    /// A YCCK JPEG (Adobe transform 2, as Photoshop writes CMYK): the CMYK fixture's scans
    /// read as YCC-K, by Lunette and by Pillow (both through libjpeg's YCCK → CMYK), then the
    /// naive CMYK → RGB of each: within 1/255.
    func testYCCKMatchesPillow() throws {
        var bytes = try AtomicFile.read(FormatFixtures.path("cmyk.jpg"))
        let adobe = Array("Adobe".utf8)
        let at = try XCTUnwrap((0..<bytes.count - 5).first { Array(bytes[$0..<$0 + 5]) == adobe })
        XCTAssertEqual(bytes[at + 11], 0, "stored as plain CMYK")
        bytes[at + 11] = 2
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ycck = dir.appendingPathComponent("ycck.jpg").path, ref = dir.appendingPathComponent("ycck.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: ycck))
        let code =
            "from PIL import Image; import sys; im = Image.open(sys.argv[1]); assert im.mode == 'CMYK'; im.convert('RGB').save(sys.argv[2])"
        guard FormatFixtures.python(code, ycck, ref) != nil else { throw XCTSkip("Pillow is not installed") }
        let d = try FormatFixtures.maxDifference(try ImageIO.load(ycck), try ImageIO.load(ref))
        XCTAssertLessThanOrEqual(d, 1, "YCCK differs from Pillow by \(d)/255")
        let cmyk = try FormatFixtures.maxDifference(try ImageIO.load(ycck), try ImageIO.load(FormatFixtures.path("cmyk.jpg")))
        XCTAssertGreaterThan(cmyk, 10, "the transform flag was read: not the plain CMYK picture")
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
