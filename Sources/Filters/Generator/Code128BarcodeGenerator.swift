import Foundation
import PixelCore

/// CICode128BarcodeGenerator: encodes the message as a Code 128 barcode (ISO/IEC 15417)
/// with libzint, one pixel per module, bars `barcodeHeight` pixels tall, surrounded on
/// every side by `quietSpace` white pixels (both rounded to whole pixels), opaque.
/// Lua: `CICode128BarcodeGenerator{message = "LUNETTE-42", barcodeHeight = 40}`
public enum Code128BarcodeGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CICode128BarcodeGenerator", "Code 128 Barcode Generator", usage: [.stillImage, .builtIn],
        "Encodes the message as a Code 128 linear barcode, one pixel per module, with a white quiet space around it.",
        inputs: [
            .message("The text to encode (ASCII; bytes 128…255 are encoded through Code 128's FNC4)."),
            .number("inputQuietSpace", 10, in: 0...100, slider: 0...20, "White pixels on every side of the bars."),
            .number("inputBarcodeHeight", 32, in: 1...500, slider: 1...50, "Height of the bars in pixels."),
        ]
    ) { f in
        let message = f.barcodeMessage()
        let quiet = Int(f.number("inputQuietSpace").rounded())
        let height = max(1, Int(f.number("inputBarcodeHeight").rounded()))
        switch Barcode.encode(message, .code128) {
        case .success(let symbol):
            return try Barcode.image(symbol, quietX: quiet, quietY: quiet, rowHeight: height)
        case .failure(let e) where e.tooLong:
            throw LunetteError.invalid(
                "CICode128BarcodeGenerator: a message of \(message.count) bytes is too long for Code 128 (libzint: \(e.message))")
        case .failure(let e):
            throw LunetteError.invalid("CICode128BarcodeGenerator: libzint cannot encode the message: \(e.message)")
        }
    }
}
