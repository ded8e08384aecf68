import Console
import Foundation
import PixelCore
import TestSupport
import XCTest

/// Preview encoders against hand-computed output.
final class TerminalImageTests: XCTestCase {
    /// 2×2: top row red, green; bottom row blue, transparent (Core Image rows are bottom-up).
    func tiny() -> Image {
        TestImages.make(IRect(0, 0, 2, 2)) { x, y in
            switch (x, y) {
            case (0, 1): return Transfer.workingPixel(Color(1, 0, 0, 1))
            case (1, 1): return Transfer.workingPixel(Color(0, 1, 0, 1))
            case (0, 0): return Transfer.workingPixel(Color(0, 0, 1, 1))
            default: return .zero
            }
        }
    }

    func testHalfBlocksCarryTheExactColours() throws {
        let text = try TerminalImage.encode(tiny(), mode: .blocks, columns: 2)
        XCTAssertEqual(text, "\u{1b}[38;2;255;0;0m\u{1b}[48;2;0;0;255m▀\u{1b}[38;2;0;255;0m\u{1b}[48;2;0;0;0m▀\u{1b}[0m\n")
    }

    func testKittyChunksBase64PNG() throws {
        let text = try TerminalImage.encode(tiny(), mode: .kitty, columns: 2)
        XCTAssertTrue(text.hasPrefix("\u{1b}_Gf=100,a=T,c=2,m=0;iVBORw0KGgo"), text)
        XCTAssertTrue(text.hasSuffix("\u{1b}\\\n"))
        let big = TerminalImage.kitty([UInt8](repeating: 7, count: 10_000), columns: 5)
        XCTAssertEqual(big.components(separatedBy: "\u{1b}_G").count - 1, 4, "13,336 base64 bytes in 4096-byte chunks")
        XCTAssertTrue(big.contains("m=1;") && big.contains("\u{1b}_Gm=0;"))
    }

    func testITermAndTmuxWrapping() throws {
        let text = try TerminalImage.encode(tiny(), mode: .iterm, columns: 2, tmux: true)
        XCTAssertTrue(text.hasPrefix("\u{1b}Ptmux;\u{1b}\u{1b}]1337;File=inline=1;"), text)
        XCTAssertTrue(text.hasSuffix("\u{1b}\\"))
    }

    func testSixelPaletteAndBands() throws {
        let text = try TerminalImage.encode(tiny(), mode: .sixel, columns: 2)
        XCTAssertTrue(text.hasPrefix("\u{1b}Pq\"1;1;2;2#0;2;0;0;0"))
        // red is cube index 180, green 30, blue 5, transparent shows as black 0; one band holds
        // both rows: bit 1 (`@`) is the top row, bit 2 (`A`) the bottom row; `?` is empty
        XCTAssertTrue(text.hasSuffix("#0?A$#5A?$#30?@$#180@?$-\u{1b}\\\n"), String(text.suffix(40)))
    }

    func testDetectionHonoursEnvironment() {
        XCTAssertEqual(TerminalCapabilities.previewMode(environment: ["LUNETTE_PREVIEW": "sixel"], query: false), .sixel)
        XCTAssertEqual(TerminalCapabilities.previewMode(environment: ["KITTY_WINDOW_ID": "1"], query: false), .kitty)
        XCTAssertEqual(TerminalCapabilities.previewMode(environment: ["TERM_PROGRAM": "iTerm.app"], query: false), .iterm)
        XCTAssertEqual(TerminalCapabilities.previewMode(environment: ["TERM": "xterm-256color"], query: false), .blocks)
        XCTAssertTrue(TerminalCapabilities.deviceAttributesListSixel("\u{1b}[?62;4;22c"))
        XCTAssertFalse(TerminalCapabilities.deviceAttributesListSixel("\u{1b}[?62;22c"))
    }
}
