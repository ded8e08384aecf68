import Barcodes
import Foundation
import PixelCore

/// Barcode symbols encoded by libzint, drawn one pixel per module: black modules on
/// white, opaque, the image's extent at the origin.
enum Barcode {
    /// The payload encoded when no message is set (Core Image would return no image).
    static let defaultMessage = Array("https://example.org".utf8)

    typealias Symbology = BarcodeEncoder.Symbology
    typealias Symbol = BarcodeEncoder.Symbol
    typealias Failure = BarcodeEncoder.Failure

    static func encode(
        _ data: [UInt8], _ symbology: Symbology, option1: Int32 = -1, option2: Int32 = 0,
        option3: Int32 = 0
    ) -> Result<Symbol, Failure> {
        BarcodeEncoder.encode(data, symbology, option1: option1, option2: option2, option3: option3)
    }

    /// Draws a symbol: each module `moduleWidth` × `rowHeight` pixels, with a white margin
    /// of `quietX` pixels left and right and `quietY` above and below.
    static func image(_ symbol: Symbol, quietX: Int, quietY: Int, moduleWidth: Int = 1, rowHeight: Int = 1) throws -> Image {
        let w = symbol.width * moduleWidth + 2 * quietX
        let h = symbol.rows * rowHeight + 2 * quietY
        try Limits.check(width: w, height: h, what: "barcode")
        let buf = PixelBuffer(IRect(0, 0, w, h))
        buf.pixels.update(repeating: Pixel(1, 1, 1, 1), count: w * h)
        let black = Pixel(0, 0, 0, 1)
        for r in 0..<symbol.rows {
            for k in 0..<rowHeight {
                // Row 0 of the symbol is the top row: the highest y in Core Image coordinates.
                let line = buf.row(h - 1 - quietY - r * rowHeight - k)
                for c in 0..<symbol.width where symbol.isDark(r, c) {
                    let x0 = quietX + c * moduleWidth
                    (line + x0).update(repeating: black, count: moduleWidth)
                }
            }
        }
        return Image(SourceNode(buf, opaque: true))
    }
}

extension FilterInputs {
    /// The bytes of an NSData input (nil when unset).
    func data(_ key: String) -> [UInt8]? {
        if case .data(let d)? = self[key] { return d }
        if case .string(let s)? = self[key] { return Array(s.utf8) }
        return nil
    }

    /// An NSString input (nil when unset).
    func string(_ key: String) -> String? {
        if case .string(let s)? = self[key] { return s }
        return nil
    }

    /// A number input that may be unset (Core Image's "automatic").
    func optionalNumber(_ key: String) -> Double? {
        if case .number(let d)? = self[key] { return d }
        return nil
    }

    /// The message of a barcode generator: its bytes, or the default payload when unset or empty.
    func barcodeMessage() -> [UInt8] {
        let m = data("inputMessage") ?? []
        return m.isEmpty ? Barcode.defaultMessage : m
    }
}

extension InputSpec {
    /// A barcode's NSData message input.
    static func message(_ description: String) -> InputSpec {
        InputSpec("inputMessage", "Message", class: .data, description: description)
    }

    /// An NSNumber input with no default (unset means automatic) and no attribute type.
    static func automatic(_ key: String, _ displayName: String, min: Double, max: Double, _ description: String) -> InputSpec {
        InputSpec(
            key, displayName, class: .number, type: nil, default: nil, min: min, max: max,
            sliderMin: min, sliderMax: max, description: description)
    }
}
