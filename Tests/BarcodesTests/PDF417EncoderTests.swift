import Barcodes
import XCTest

/// Lunette's PDF417 encoder against Apple's decoded render, libzint and the standard.
final class PDF417EncoderTests: XCTestCase {
    /// Apple's "Hello worlds" (text compaction, always specify compaction, 10 × 10, level 2),
    /// decoded row by row from its render: 92, 900, the text, 900 padding, then correction.
    static let appleText = [900, 237, 131, 344, 802, 437, 333, 569]
    static let appleCorrection = [859, 723, 444, 546, 4, 678, 72, 668]

    func testErrorCorrectionMatchesAppleAndLibzint() {
        let apple = [92] + Self.appleText + [Int](repeating: 900, count: 83)
        XCTAssertEqual(PDF417ErrorCorrection.codewords(apple, level: 2), Self.appleCorrection)
        // libzint 2.11 writes the same text without the leading latch.
        let zint = [92] + Self.appleText.dropFirst() + [Int](repeating: 900, count: 84)
        XCTAssertEqual(PDF417ErrorCorrection.codewords(zint, level: 2), [855, 585, 610, 632, 503, 740, 476, 468])
        XCTAssertEqual(PDF417ErrorCorrection.codewords([5, 453, 178, 121, 239], level: 8).count, 512)
    }

    func testCompactionModes() {
        let hello = Array("Hello worlds".utf8)
        XCTAssertEqual(PDF417Compaction.codewords(hello, mode: .text, alwaysLatch: true), Self.appleText)
        XCTAssertEqual(PDF417Compaction.codewords(hello, mode: .automatic, alwaysLatch: false), Array(Self.appleText.dropFirst()))
        // Numeric: "1" prefixed, base 900 (the standard's 000213298174000).
        XCTAssertEqual(
            PDF417Compaction.codewords(Array("000213298174000".utf8), mode: .automatic, alwaysLatch: false),
            [902, 1, 624, 434, 632, 282, 200])
        // Bytes: 924 for whole groups of six, 901 otherwise; 913 shifts one byte out of text.
        XCTAssertEqual(
            PDF417Compaction.codewords([1, 2, 3, 4, 5, 6], mode: .byte, alwaysLatch: false), [924, 1, 620, 89, 74, 846])
        XCTAssertEqual(PDF417Compaction.codewords([200, 201], mode: .automatic, alwaysLatch: false), [901, 200, 201])
        XCTAssertEqual(
            PDF417Compaction.codewords(Array("ab\u{7}cd".utf8), mode: .text, alwaysLatch: false),
            [27 * 30, 1 * 30 + 29, 913, 7, 2 * 30 + 3])
        // Sub-modes: "a1;" is ll a, ml 1, ps ; → 27 0 28 1 29 0.
        XCTAssertEqual(
            PDF417Compaction.codewords(Array("a1;".utf8), mode: .text, alwaysLatch: false), [27 * 30, 28 * 30 + 1, 29 * 30])
    }

    func testAppleLayout() throws {
        let symbol = try PDF417Encoder.layout(
            Array("Hello worlds".utf8),
            PDF417Request(compaction: .text, alwaysSpecifyCompaction: true, level: 2, columns: 10, rows: 10, compact: true)
        ).get()
        XCTAssertEqual(Array(symbol.codewords.prefix(9)), [92] + Self.appleText)
        XCTAssertEqual(Array(symbol.codewords.suffix(8)), Self.appleCorrection)
        XCTAssertEqual(symbol.indicators(0).left, 3, "Apple's first left row indicator")
        XCTAssertEqual(symbol.width, 205)
    }

    func testPatternTableIsComplete() throws {
        let table = try PDF417Patterns.shared.get()
        XCTAssertEqual(table.masks.count, 3 * 929)
        XCTAssertEqual(Set(table.masks).count, 3 * 929, "all patterns distinct")
        for cluster in 0..<3 {
            for codeword in 0..<929 {
                let w = PDF417Patterns.widths(table.pattern(codeword, cluster))
                XCTAssertEqual(w.count, 8)
                XCTAssertEqual(w.reduce(0, +), 17)
                XCTAssertTrue(w.allSatisfy { (1...6).contains($0) }, "\(w)")
                XCTAssertEqual((w[0] - w[2] + w[4] - w[6] + 9) % 9, 3 * cluster)
            }
        }
    }

    /// Lunette draws libzint's own symbols module for module where the codeword streams agree
    /// (libzint's automatic mode splits some byte data differently: bytes ≥ 0x80 are plain bytes).
    func testRerendersLibzintSymbols() throws {
        var state: UInt32 = 11
        let binary: [UInt8] = (0..<300).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(state >> 24)
        }
        let cases: [([UInt8], Int, Int, Bool)] = [
            (Array("hello".utf8), 2, 3, false), (Array("Hello worlds".utf8), 10, 2, true),
            (Array("PDF417 test 0123456789012345 more text".utf8), 4, 4, false),
            (Array(binary.prefix(42)), 6, 5, false), (binary.map { $0 | 0x80 }, 17, 3, true), ([0xC0, 0xFF, 0x01], 1, 0, false),
        ]
        for (message, columns, level, compact) in cases {
            let zint = try BarcodeEncoder.encode(
                message, compact ? .pdf417Compact : .pdf417, option1: Int32(level), option2: Int32(columns)
            ).get()
            let ours = try PDF417Encoder.encode(
                message, PDF417Request(level: level, columns: columns, rows: zint.rows, compact: compact)
            ).get()
            XCTAssertEqual(ours.width, zint.width, "\(message.count) bytes")
            XCTAssertEqual(ours.rows, zint.rows)
            XCTAssertTrue(ours.modules == zint.modules, "\(message.count) bytes, \(columns) columns")
        }
    }

    func testSizesAndErrors() throws {
        let m = Array("hello".utf8)
        let auto = try PDF417Encoder.layout(m, PDF417Request()).get()
        XCTAssertEqual(auto.level, 2)
        XCTAssertGreaterThanOrEqual(auto.rows, 3)
        XCTAssertGreaterThanOrEqual(auto.rows * auto.columns, auto.codewords.count)
        let rows = try PDF417Encoder.layout(m, PDF417Request(rows: 12)).get()
        XCTAssertEqual(rows.rows, 12)
        XCTAssertThrowsError(try PDF417Encoder.layout([UInt8](repeating: 0xB3, count: 2000), PDF417Request()).get()) {
            XCTAssertTrue(($0 as? BarcodeEncoder.Failure)?.tooLong == true)
        }
        XCTAssertThrowsError(try PDF417Encoder.layout(Array(repeating: 65, count: 100), PDF417Request(columns: 1, rows: 3)).get())
        for bad in [PDF417Request(level: 9), PDF417Request(columns: 31), PDF417Request(rows: 2)] {
            XCTAssertThrowsError(try PDF417Encoder.layout(m, bad).get()) {
                XCTAssertEqual(($0 as? BarcodeEncoder.Failure)?.tooLong, false)
            }
        }
    }
}
