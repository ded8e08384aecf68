import Codecs
import Filters
import Foundation
import PixelCore
import TestSupport
import XCTest

/// QR, Code 128, PDF417 and Aztec generators: round trips through a real reader (zbar)
/// where it reads the symbology, module structure everywhere.
final class BarcodeTests: FilterTestCase {
    static let zbarimg: String? = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let short = Array("hello".utf8)
    static let long = Array(String(repeating: "Lunette renders Core Image filters on Linux; 0123456789! ", count: 20).utf8)
    static let utf8 = Array("Grüße aus Zürich — 世界, здравствуй, ✓ 🚀".utf8)
    static let binary: [UInt8] = {
        var state: UInt32 = 7
        return (0..<400).map { i in
            state = state &* 1_664_525 &+ 1_013_904_223
            return i < 256 ? UInt8(i) : UInt8(state >> 24)
        }
    }()

    /// Writes `image` enlarged `scale` times as a PNG and runs zbarimg on it: the decoded
    /// bytes, or nil when zbar finds no symbol. Skips when zbarimg is not installed.
    func zbar(_ image: Image, symbology: String = "qrcode", scale: Int = 4, binary: Bool = false) throws -> [UInt8]? {
        guard let tool = Self.zbarimg else {
            throw XCTSkip("zbarimg not found: install zbar-tools (`make deps`) to run the barcode round trips")
        }
        let dir = Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("code.png").path
        try PNGEncoder.write(try image.scaledNearest(scale), to: path, options: PNGOptions(channels: .rgb))
        // Only the symbology under test: other decoders can see false linear codes in a QR pattern.
        let arguments = ["--nodbus", "-q", "--raw", "-Sdisable", "-S\(symbology).enable"] + (binary ? ["-Sbinary"] : [])
        guard let data = try decoderOutput(tool, arguments + [path]) else { return nil }
        // Text mode ends the symbol with a newline; binary mode writes the bytes alone.
        return binary || data.last != 0x0A ? data : Array(data.dropLast())
    }

    /// A decoder's standard output, nil when it exits with an error.
    func decoderOutput(_ tool: String, _ arguments: [String]) throws -> [UInt8]? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
        p.waitUntilExit()
        return p.terminationStatus == 0 ? data : nil
    }

    /// Module (row, column) of a symbol drawn with a quiet zone `q`, row 0 at the top.
    func dark(_ buf: PixelBuffer, _ row: Int, _ column: Int, quiet q: Int) -> Bool {
        buf[q + column, buf.rect.maxY - 1 - q - row].x < 0.5
    }

    func qr(_ message: [UInt8], _ level: String) throws -> Image {
        try apply("CIQRCodeGenerator", nil, ["inputMessage": .data(message), "inputCorrectionLevel": .string(level)])
    }

    // MARK: QR

    func testQRCodesDecodeToTheirExactBytesAtEveryLevel() throws {
        for (name, message) in [("short", Self.short), ("long", Self.long), ("UTF-8", Self.utf8), ("binary", Self.binary)] {
            XCTAssertTrue(name != "long" || message.count >= 1000)
            for level in ["L", "M", "Q", "H"] {
                let image = try qr(message, level)
                let decoded = try zbar(image, binary: name == "binary")
                XCTAssertEqual(decoded, message, "\(name) payload at level \(level)")
            }
        }
    }

    func testQRTextInputsArriveAsUTF8Bytes() throws {
        let image = try apply("CIQRCodeGenerator", nil, ["inputMessage": .string("Grüße aus Zürich — 世界, здравствуй, ✓ 🚀")])
        XCTAssertEqual(try zbar(image), Self.utf8)
    }

    /// The 15-bit format information next to the top-left finder names the correction level.
    func correctionLevel(of image: Image) throws -> String? {
        let buf = try TestImages.render(image)
        let cells = [
            (8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 7), (8, 8), (7, 8), (5, 8), (4, 8), (3, 8), (2, 8), (1, 8),
            (0, 8),
        ]
        let bits = cells.map { dark(buf, $0.0, $0.1, quiet: 1) ? 1 : 0 }
        let msb = bits.reduce(0) { $0 << 1 | $1 }, lsb = bits.reversed().reduce(0) { $0 << 1 | $1 }
        // Every valid word: 5 data bits, BCH(15, 5) remainder of generator 0x537, XOR mask 0x5412.
        for ec in 0..<4 {
            for mask in 0..<8 {
                let data = ec << 3 | mask
                var rem = data << 10
                for i in stride(from: 14, through: 10, by: -1) where rem & (1 << i) != 0 { rem ^= 0x537 << (i - 10) }
                let word = (data << 10 | rem) ^ 0x5412
                if word == msb || word == lsb { return ["M", "L", "H", "Q"][ec] }
            }
        }
        return nil
    }

    func testTheSymbolCarriesTheRequestedCorrectionLevel() throws {
        for level in ["L", "M", "Q", "H"] {
            XCTAssertEqual(try correctionLevel(of: try qr(Self.short, level)), level)
            XCTAssertEqual(try correctionLevel(of: try qr(Self.long, level)), level)
        }
    }

    func testQRGeometryOneModulePerPixelOpaqueBlackOnWhite() throws {
        let image = try qr(Self.short, "L")  // version 1: 21 modules
        XCTAssertEqual(image.extent, Rect(0, 0, 23, 23))
        XCTAssertTrue(image.isOpaque)
        let buf = try TestImages.render(image)
        for y in 0..<23 {
            for x in 0..<23 {
                let p = buf[x, y]
                XCTAssertTrue(p == Pixel(0, 0, 0, 1) || p == Pixel(1, 1, 1, 1), "(\(x), \(y)) = \(p)")
                if x == 0 || y == 0 || x == 22 || y == 22 { XCTAssertEqual(p, Pixel(1, 1, 1, 1), "quiet zone at (\(x), \(y))") }
            }
        }
        // Finder patterns sit at the top-left, top-right and bottom-left (not flipped).
        func finder(_ row: Int, _ col: Int) -> Bool {
            (0..<7).allSatisfy { r in
                (0..<7).allSatisfy { c in
                    let ring = max(abs(r - 3), abs(c - 3))
                    return dark(buf, row + r, col + c, quiet: 1) == (ring != 2)
                }
            }
        }
        XCTAssertTrue(finder(0, 0)); XCTAssertTrue(finder(0, 14)); XCTAssertTrue(finder(14, 0))
        XCTAssertFalse(finder(14, 14))
        // Larger levels need more modules for the same message.
        XCTAssertGreaterThan(try qr(Self.long, "H").extent.width, try qr(Self.long, "L").extent.width)
        XCTAssertEqual(Int(try qr(Self.long, "H").extent.width - 19) % 4, 0, "4 · version + 17 modules + 2")
    }

    func testQRErrorsNameTheLimit() throws {
        for (level, limit) in [("L", 2953), ("M", 2331), ("Q", 1663), ("H", 1273)] {
            // Bytes no other QR mode can pack (no digits or upper-case runs): byte mode's capacity is exact.
            let bytes = (0...limit).map { UInt8(0xA0 + $0 % 7) }
            XCTAssertNoThrow(try qr(Array(bytes.dropLast()), level), "\(limit) bytes fit level \(level)")
            XCTAssertThrowsError(try qr(bytes, level)) { error in
                let e = error as? LunetteError
                XCTAssertEqual(e?.status, .invalidInput)
                XCTAssertTrue(e?.message.contains("at most \(limit) bytes") == true, e?.message ?? "\(error)")
                XCTAssertTrue(e?.message.contains("level \(level)") == true, e?.message ?? "")
            }
        }
        XCTAssertThrowsError(try qr(Self.short, "X")) { XCTAssertTrue("\($0)".contains("L, M, Q or H")) }
        XCTAssertThrowsError(try apply("CIQRCodeGenerator", nil, ["inputMessage": .number(3)]))
    }

    func testWithoutAMessageTheDefaultPayloadIsEncoded() throws {
        let image = try apply("CIQRCodeGenerator", nil)
        XCTAssertEqual(try zbar(image), Array("https://example.org".utf8))
        XCTAssertEqual(try correctionLevel(of: image), "M")
    }

    // MARK: Code 128

    func testCode128DecodesAndHasItsQuietSpaceAndHeight() throws {
        for message in ["LUNETTE-42", "Hello, Code 128!", "0123456789012345", "a"] {
            let image = try apply("CICode128BarcodeGenerator", nil, ["inputMessage": .string(message)])
            XCTAssertEqual(try zbar(image, symbology: "code128", scale: 3), Array(message.utf8), message)
        }
        let image = try apply(
            "CICode128BarcodeGenerator", nil,
            [
                "inputMessage": .string("LUNETTE-42"),
                "inputQuietSpace": .number(7), "inputBarcodeHeight": .number(20),
            ])
        XCTAssertEqual(image.extent.height, 20 + 14)
        XCTAssertTrue(image.isOpaque)
        let buf = try TestImages.render(image)
        let w = buf.width
        // Code 128: start (11 modules) + 10 data symbols… + check (11) + stop (13), no other margin.
        XCTAssertEqual((w - 14 - 2) % 11, 0, "width \(w)")
        for x in 0..<w {
            let column = (7..<27).map { buf[x, $0] }
            XCTAssertTrue(column.allSatisfy { $0 == column[0] }, "bars are full height at x = \(x)")
            if x < 7 || x >= w - 7 { XCTAssertEqual(column[0], Pixel(1, 1, 1, 1), "quiet space at x = \(x)") }
            for y in [0, 6, 27, 33] { XCTAssertEqual(buf[x, y], Pixel(1, 1, 1, 1)) }
        }
        XCTAssertEqual(buf[7, 10], Pixel(0, 0, 0, 1), "the start symbol begins with a bar")
        XCTAssertEqual(buf[w - 8, 10], Pixel(0, 0, 0, 1), "the stop symbol ends with a bar")
    }

    // MARK: PDF417 (zbar 0.23 has no working PDF417 decoder: structure is checked instead)

    /// Run lengths of alternating bars and spaces along one pixel row between two x positions.
    func runs(_ buf: PixelBuffer, y: Int, from x0: Int, to x1: Int) -> [Int] {
        var out: [Int] = [], last: Bool? = nil
        for x in x0..<x1 {
            let d = buf[x, y].x < 0.5
            if d == last { out[out.count - 1] += 1 } else { out.append(1); last = d }
        }
        return out
    }

    func pdf417(_ inputs: [String: FilterValue]) throws -> (Image, PixelBuffer) {
        var all = inputs
        if all["inputMessage"] == nil { all["inputMessage"] = .string("PDF417 from Lunette: 0123456789 and some text.") }
        let image = try apply("CIPDF417BarcodeGenerator", nil, all)
        return (image, try TestImages.render(image))
    }

    func testPDF417RowsHaveStartStopAndCodewordsOfFourBarsAndFourSpaces() throws {
        for columns in [1, 3, 6] {
            let (image, buf) = try pdf417(["inputDataColumns": .number(Double(columns))])
            XCTAssertTrue(image.isOpaque)
            XCTAssertEqual(buf.width, 17 * (columns + 4) + 1 + 4, "\(columns) columns")
            XCTAssertEqual((buf.height - 4) % 3, 0)
            let rows = (buf.height - 4) / 3
            XCTAssertGreaterThanOrEqual(rows, 3)
            for r in 0..<rows {
                let y = buf.height - 3 - 3 * r  // a pixel row inside module row r (rows are 3 pixels tall)
                XCTAssertEqual(runs(buf, y: y, from: 0, to: buf.width).first, 2, "quiet zone")
                let cw = runs(buf, y: y, from: 2, to: buf.width - 2)
                XCTAssertEqual(Array(cw.prefix(8)), [8, 1, 1, 1, 1, 1, 1, 3], "start pattern, row \(r)")
                XCTAssertEqual(Array(cw.suffix(9)), [7, 1, 1, 3, 1, 1, 1, 2, 1], "stop pattern, row \(r)")
                // Row indicators and data codewords: 8 elements spanning 17 modules each.
                let middle = Array(cw.dropFirst(8).dropLast(9))
                XCTAssertEqual(middle.count, 8 * (columns + 2), "row \(r)")
                for c in 0..<(columns + 2) {
                    XCTAssertEqual(middle[c * 8..<c * 8 + 8].reduce(0, +), 17, "codeword \(c) of row \(r)")
                }
                XCTAssertEqual(buf[10, y], buf[10, y - 1]); XCTAssertEqual(buf[10, y], buf[10, y + 1])
            }
        }
    }

    func testPDF417ExplicitColumnsOverrideTheSizeLimits() throws {
        // Apple's render: 209×34 although its limits asked for 100…500 × 100.
        let (_, apple) = try pdf417([
            "inputMessage": .string("Hello worlds"), "inputDataColumns": .number(10), "inputRows": .number(10),
            "inputCompactStyle": .number(1), "inputCorrectionLevel": .number(2),
            "inputMinWidth": .number(100), "inputMaxWidth": .number(500),
            "inputMinHeight": .number(100), "inputMaxHeight": .number(100),
            "inputCompactionMode": .number(2), "inputAlwaysSpecifyCompaction": .number(1),
            "inputPreferredAspectRatio": .number(3),
        ])
        XCTAssertEqual(apple.width, 209)
        XCTAssertEqual(apple.height, 34)
    }

    func testPDF417SizeInputs() throws {
        let (_, compact) = try pdf417(["inputDataColumns": .number(2), "inputCompactStyle": .number(1)])
        XCTAssertEqual(compact.width, 17 * (2 + 2) + 1 + 4, "compact PDF417 drops the right indicator and stop")
        let (_, rows) = try pdf417(["inputRows": .number(12)])
        XCTAssertEqual(rows.height, 12 * 3 + 4)
        let (_, narrow) = try pdf417(["inputMaxWidth": .number(140)])
        XCTAssertLessThanOrEqual(narrow.width, 140)
        let (_, tall) = try pdf417(["inputMinHeight": .number(200)])
        XCTAssertGreaterThanOrEqual(tall.height, 200)
        let (_, wide) = try pdf417(["inputPreferredAspectRatio": .number(8)])
        let (_, square) = try pdf417(["inputPreferredAspectRatio": .number(1)])
        XCTAssertGreaterThan(Double(wide.width) / Double(wide.height), 4)
        XCTAssertLessThan(
            abs(log(Double(square.width) / Double(square.height))), abs(log(Double(wide.width) / Double(wide.height))))
        let (_, strong) = try pdf417(["inputCorrectionLevel": .number(6)])
        let (_, weak) = try pdf417(["inputCorrectionLevel": .number(0)])
        XCTAssertGreaterThan(strong.width * strong.height, weak.width * weak.height, "more correction codewords")
        XCTAssertThrowsError(try pdf417(["inputMaxWidth": .number(60), "inputMaxHeight": .number(20)]))
        XCTAssertThrowsError(try pdf417(["inputMessage": .data([UInt8](repeating: 0xB3, count: 2000))]))
    }

    // MARK: Aztec (zbar cannot read Aztec: the bullseye and sizes are checked)

    /// Apple draws Aztec codes with a two-module quiet zone (its "Hello world" at 2 layers is 27×27).
    let aztecQuiet = 2

    func aztec(_ inputs: [String: FilterValue]) throws -> PixelBuffer {
        var all = inputs
        if all["inputMessage"] == nil { all["inputMessage"] = .string("Aztec from Lunette") }
        return try TestImages.render(try apply("CIAztecCodeGenerator", nil, all))
    }

    /// Whether the concentric rings around the centre alternate dark (even) and light (odd) out to `reach`.
    func bullseye(_ buf: PixelBuffer, reach: Int) -> Bool {
        let n = buf.width - 2 * aztecQuiet, c = n / 2
        for r in -reach...reach {
            for col in -reach...reach {
                let ring = max(abs(r), abs(col))
                if dark(buf, c + r, c + col, quiet: aztecQuiet) != (ring % 2 == 0) { return false }
            }
        }
        return true
    }

    func testAztecBullseyeAndSizes() throws {
        let auto = try aztec([:])
        XCTAssertEqual(auto.width, auto.height)
        XCTAssertEqual((auto.width - 2 * aztecQuiet) % 2, 1, "odd module count")
        for layers in 1...4 {
            let compact = try aztec([
                "inputMessage": .string("AZTEC"), "inputLayers": .number(Double(layers)), "inputCompactStyle": .number(1),
            ])
            XCTAssertEqual(compact.width - 2 * aztecQuiet, 11 + 4 * layers, "compact, \(layers) layers")
            XCTAssertTrue(bullseye(compact, reach: 4))
            XCTAssertFalse(bullseye(compact, reach: 6), "a compact bullseye has two dark rings around the centre")
            let full = try aztec([
                "inputMessage": .string("AZTEC"), "inputLayers": .number(Double(layers)), "inputCompactStyle": .number(0),
            ])
            XCTAssertEqual(full.width - 2 * aztecQuiet, 15 + 4 * layers, "full range, \(layers) layers")
            XCTAssertTrue(bullseye(full, reach: 6), "a full-range bullseye has three dark rings around the centre")
        }
        let wide = try aztec(["inputCompactStyle": .number(0)])
        XCTAssertTrue(bullseye(wide, reach: 6))
        // More correction, more modules.
        let long = String(repeating: "Aztec correction ", count: 8)
        let low = try aztec(["inputMessage": .string(long), "inputCorrectionLevel": .number(5)])
        let high = try aztec(["inputMessage": .string(long), "inputCorrectionLevel": .number(60)])
        XCTAssertGreaterThan(high.width, low.width)
        XCTAssertThrowsError(try aztec(["inputLayers": .number(6), "inputCompactStyle": .number(1)]))
        // Apple's "Hello world", correction 10, 2 full-range layers: a 23-module symbol in 27×27.
        let hello = try aztec([
            "inputMessage": .string("Hello world"), "inputCorrectionLevel": .number(10),
            "inputLayers": .number(2), "inputCompactStyle": .number(0),
        ])
        XCTAssertEqual(hello.width, 27)
        for i in 0..<27 {
            for edge in [0, 1, 25, 26] {
                XCTAssertEqual(hello[i, edge], Pixel(1, 1, 1, 1)); XCTAssertEqual(hello[edge, i], Pixel(1, 1, 1, 1))
            }
        }
        XCTAssertThrowsError(try aztec(["inputMessage": .string(long), "inputLayers": .number(1)])) {
            XCTAssertTrue("\($0)".contains("1 layer"), "\($0)")
        }
    }
}
