import Codecs
import Foundation
import PixelCore
import TestSupport
import XCTest

/// PngSuite and libpng's crasher files against an independent decoder's output.
final class PNGSuiteTests: XCTestCase {
    struct Expected: Decodable { let width: Int; let height: Int; let sha256: String }

    func suiteFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Fixtures.fixture("pngsuite")).filter { $0.hasSuffix(".png") }.sorted()
    }

    /// Canonical RGBA16 little-endian bytes, as gen_pngsuite_hashes.py writes them.
    func canonical(_ raw: RawImage) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(raw.width * raw.height * 8)
        let n = raw.width * raw.height * 4
        for i in 0..<n {
            let v = raw.bitDepth == 16 ? raw.samples16[i] : UInt16(raw.samples8[i]) * 257
            out.append(UInt8(v & 0xff)); out.append(UInt8(v >> 8))
        }
        return out
    }

    func testEveryValidFileMatchesIndependentDecoder() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fixture("pngsuite-rgba16.json")))
        let expected = try JSONDecoder().decode([String: Expected].self, from: data)
        XCTAssertEqual(expected.count, 160)
        var checked = 0
        for (name, want) in expected {
            let bytes = try AtomicFile.read(Fixtures.fixture("pngsuite/" + name))
            let raw = try PNGDecoder.decode(bytes, name: name)
            XCTAssertEqual(raw.width, want.width, name)
            XCTAssertEqual(raw.height, want.height, name)
            XCTAssertEqual(Checksums.sha256(canonical(raw)), want.sha256, "pixels of \(name)")
            checked += 1
        }
        XCTAssertEqual(checked, 160)
    }

    func testCorruptFilesAreRejectedAsInvalid() throws {
        let corrupt = try suiteFiles().filter { $0.hasPrefix("x") }
        XCTAssertEqual(corrupt.count, 14)
        for name in corrupt {
            let bytes = try AtomicFile.read(Fixtures.fixture("pngsuite/" + name))
            XCTAssertThrowsError(try PNGDecoder.decode(bytes, name: name), name) { error in
                guard let e = error as? LunetteError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(e.status, .invalidInput, "\(name): \(e.message)")
                XCTAssertTrue(e.message.hasPrefix(name + ": invalid PNG ("), e.message)
            }
        }
    }

    func testCrasherFilesLoadOrFailCleanly() throws {
        let dir = Fixtures.fixture("libpng-crashers")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".png") }
        XCTAssertEqual(names.count, 32)
        var failed = 0
        for name in names {
            let bytes = try AtomicFile.read(dir + "/" + name)
            do {
                let raw = try PNGDecoder.decode(bytes, name: name)
                XCTAssertGreaterThan(raw.width * raw.height, 0)
            } catch let e as LunetteError {
                XCTAssertTrue([.invalidInput, .truncated, .limit].contains(e.status), "\(name): \(e.message)")
                failed += 1
            }
        }
        XCTAssertGreaterThan(failed, 0)
    }

    func testHugeHeaderIsRejectedBeforeAllocating() throws {
        let header =
            Checksums.pngHeader(width: 20000, height: 20000) + Checksums.chunk("IDAT", [1, 2, 3])
            + Checksums.chunk("IEND", [])
        XCTAssertThrowsError(try PNGDecoder.decode(header, name: "huge.png")) { error in
            let e = error as? LunetteError
            XCTAssertEqual(e?.status, .limit)
            XCTAssertTrue(
                e?.message.contains("400000000 pixels exceeds the limit of 268402689") ?? false, "\(String(describing: e))")
        }
    }

    func testLoweredPixelLimitApplies() throws {
        let saved = Limits.maxPixels
        defer { Limits.maxPixels = saved }
        Limits.maxPixels = 100
        let bytes = try AtomicFile.read(Fixtures.fixture("pngsuite/basn2c08.png"))
        XCTAssertThrowsError(try PNGDecoder.decode(bytes, name: "basn2c08.png")) { error in
            XCTAssertEqual((error as? LunetteError)?.status, .limit)
        }
    }

    func testTruncatedFileIsReportedAsTruncated() throws {
        let bytes = try AtomicFile.read(Fixtures.fixture("pngsuite/basn2c08.png"))
        XCTAssertThrowsError(try PNGDecoder.decode(Array(bytes.prefix(bytes.count / 2)), name: "half.png")) { error in
            XCTAssertEqual((error as? LunetteError)?.status, .truncated)
        }
    }

    func testGammaChunksChooseTheTransferCurve() throws {
        let g10 = try PNGDecoder.decode(try AtomicFile.read(Fixtures.fixture("pngsuite/g10n2c08.png")), name: "g10")
        XCTAssertEqual(g10.curve, .linear)
        let g25 = try PNGDecoder.decode(try AtomicFile.read(Fixtures.fixture("pngsuite/g25n2c08.png")), name: "g25")
        XCTAssertEqual(g25.curve, .gamma(2.5))
        let srgb = try PNGDecoder.decode(try AtomicFile.read(Fixtures.fixture("pngsuite/f00n2c08.png")), name: "f00")
        XCTAssertEqual(srgb.curve, .srgb)
    }
}
