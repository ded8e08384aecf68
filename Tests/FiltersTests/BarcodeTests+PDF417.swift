import Barcodes
import PixelCore
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
