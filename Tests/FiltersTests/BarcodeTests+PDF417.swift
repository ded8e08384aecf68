import Barcodes
import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

extension BarcodeTests {
    /// Apple's "Hello worlds" render, read back through the pattern table: row 1 holds the
    /// left indicator 3, the length 92, the 900 text latch Apple writes for
    /// alwaysSpecifyCompaction = 1 and the text; row 10 ends with Apple's correction codewords.
    func testPDF417DrawsApplesCodewords() throws {
        let (_, buf) = try pdf417([
            "inputMessage": .string("Hello worlds"), "inputDataColumns": .number(10), "inputRows": .number(10),
            "inputCompactStyle": .number(1), "inputCorrectionLevel": .number(2),
            "inputCompactionMode": .number(2), "inputAlwaysSpecifyCompaction": .number(1),
        ])
        let table = try PDF417Patterns.shared.get()
        func codewords(row r: Int) -> [Int?] {
            let y = buf.height - 3 - 3 * r
            return (1...11).map { block in
                var mask: UInt32 = 0
                for k in 0..<17 { mask = mask << 1 | (buf[2 + 17 * block + k, y].x < 0.5 ? 1 : 0) }
                return (0..<929).first { table.pattern($0, r % 3) == mask }
            }
        }
        XCTAssertEqual(codewords(row: 0), [3, 92, 900, 237, 131, 344, 802, 437, 333, 569, 900])
        XCTAssertEqual(Array(codewords(row: 9).suffix(8)), [859, 723, 444, 546, 4, 678, 72, 668])
        XCTAssertEqual(codewords(row: 4).dropFirst(), ArraySlice([Int?](repeating: 900, count: 10)))
    }
}

extension BarcodeTests {
    static let zxingReader: String? = ["/usr/bin/ZXingReader", "/usr/local/bin/ZXingReader"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// The bytes zxing-cpp's reader decodes from `image` (enlarged twice), nil when it finds no
    /// PDF417 symbol. Skips when ZXingReader is not installed.
    func zxingPDF417(_ image: Image) throws -> [UInt8]? {
        guard let tool = Self.zxingReader else {
            throw XCTSkip("ZXingReader not found: install zxing-cpp-tools (`make deps`) to run the PDF417 round trips")
        }
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("pdf417.png").path
        try PNGEncoder.write(try image.scaledNearest(2), to: path, options: PNGOptions(channels: .rgb))
        let data = try decoderOutput(tool, ["-format", "PDF417", "-bytes", path])
        return data?.isEmpty == false ? data : nil
    }

    /// zxing-cpp reads back every compaction mode, with and without the leading latch, in
    /// full and compact symbols.
    func testPDF417RoundTripsThroughZXing() throws {
        let mixed = Array("Lunette 2026: 12345678901234567 items; \"quoted\" {braces} ~tilde~ \t tab".utf8) + [0x00, 0xFF, 0x80]
        for message in [Self.short, Self.utf8, mixed, Array(Self.binary.prefix(120)), Array(Self.long.prefix(400))] {
            for (mode, always, compact) in [(0, 0, 0), (1, 1, 1), (2, 1, 0), (3, 0, 1), (2, 0, 1)] {
                let (image, _) = try pdf417([
                    "inputMessage": .data(message), "inputCompactionMode": .number(Double(mode)),
                    "inputAlwaysSpecifyCompaction": .number(Double(always)), "inputCompactStyle": .number(Double(compact)),
                ])
                XCTAssertEqual(try zxingPDF417(image), message, "mode \(mode), always \(always), compact \(compact)")
            }
        }
    }
}
