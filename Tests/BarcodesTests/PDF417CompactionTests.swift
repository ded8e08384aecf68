import Barcodes
import XCTest

/// Compaction round trips through a naive decoder written from the standard's tables.
final class PDF417CompactionTests: XCTestCase {
    static let mixed = Array("0123456789&\r\t,:#-.$/+%*=^".utf8)
    static let punct = Array(";<>@[\\]_`~!\r\t,:\n-.$/\"|*()?{}'".utf8)

    /// Decodes data codewords (no length descriptor) back to bytes.
    func decode(_ cws: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        var sub = 0, shift: Int? = nil  // 0 alpha, 1 lower, 2 mixed, 3 punct
        var i = 0
        func run() -> [Int] {
            let start = i
            while i < cws.count, cws[i] < 900 { i += 1 }
            return Array(cws[start..<i])
        }
        while i < cws.count {
            let c = cws[i]
            i += 1
            if c >= 900 { shift = nil }  // a pad's punctuation shift ends with the text
            switch c {
            case 900: sub = 0
            case 913:
                out.append(UInt8(cws[i]))
                i += 1
            case 901, 924:
                var r = run()[...]
                while r.count >= 6 || (c == 924 && r.count == 5) {
                    var v: UInt64 = 0
                    for d in r.prefix(5) { v = v * 900 + UInt64(d) }
                    out += (0..<6).map { UInt8(truncatingIfNeeded: v >> (40 - 8 * $0)) }
                    r = r.dropFirst(5)
                }
                out += r.map { UInt8($0) }
            case 902:
                let r = run()
                for g in stride(from: 0, to: r.count, by: 15) {
                    var decimal = [0]  // least significant first
                    for d in r[g..<min(g + 15, r.count)] {
                        var carry = d
                        for k in decimal.indices {
                            let v = decimal[k] * 900 + carry
                            decimal[k] = v % 10
                            carry = v / 10
                        }
                        while carry > 0 {
                            decimal.append(carry % 10)
                            carry /= 10
                        }
                    }
                    out += decimal.reversed().dropFirst().map { UInt8($0 + 48) }  // drop the leading 1
                }
            default:
                for v in [c / 30, c % 30] {
                    let mode = shift ?? sub
                    shift = nil
                    switch (mode, v) {
                    case (0, 0..<26): out.append(UInt8(65 + v))
                    case (1, 0..<26): out.append(UInt8(97 + v))
                    case (2, 0..<25): out.append(Self.mixed[v])
                    case (3, 0..<29): out.append(Self.punct[v])
                    case (0...2, 26): out.append(32)
                    case (0, 27), (2, 27): sub = 1
                    case (1, 27): shift = 0
                    case (0, 28), (1, 28): sub = 2
                    case (2, 28), (3, 29): sub = 0
                    case (2, 25): sub = 3
                    default: shift = 3  // 29: punctuation shift (a final one is the pad)
                    }
                }
            }
        }
        return out
    }

    func testRoundTrips() {
        var state: UInt32 = 3
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 8
        }
        let alphabet = Array("AbC dEf 0123456789 ;<>@[\\]_`~!,:\n\r\t-.$/\"|*()?{}'&#+%=^".utf8)
        var messages: [[UInt8]] = (0..<256).map { [UInt8($0)] }
        messages += [Array("Hello worlds".utf8), Array("0".utf8), Array(String(repeating: "9", count: 100).utf8)]
        for length in [5, 13, 40, 200] {
            for _ in 0..<40 {
                messages.append(
                    (0..<length).map { _ in
                        next() % 5 == 0 ? UInt8(next() % 256) : alphabet[Int(next()) % alphabet.count]
                    })
            }
        }
        for message in messages {
            for mode in [PDF417Compaction.automatic, .numeric, .text, .byte] {
                for always in [false, true] {
                    let cws = PDF417Compaction.codewords(message, mode: mode, alwaysLatch: always)
                    XCTAssertTrue(cws.allSatisfy { (0..<929).contains($0) })
                    XCTAssertEqual(decode(cws), message, "\(mode) \(always): \(message)")
                    if always { XCTAssertGreaterThanOrEqual(cws[0], 900, "a latch comes first") }
                }
            }
        }
    }

    func testModesAreCompact() {
        let digits = Array(String(repeating: "7", count: 88).utf8)
        XCTAssertEqual(PDF417Compaction.codewords(digits, mode: .automatic, alwaysLatch: false).count, 1 + 30)
        XCTAssertEqual(PDF417Compaction.codewords(digits, mode: .byte, alwaysLatch: false).first, 901)
        let text = Array("abcdefghij".utf8)
        XCTAssertEqual(PDF417Compaction.codewords(text, mode: .automatic, alwaysLatch: false).count, 6)
    }
}
