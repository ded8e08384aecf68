import Foundation
import PixelCore

/// CIQRCodeGenerator: encodes the message bytes as a QR code (ISO/IEC 18004) with
/// libzint, one pixel per module, black on white with a one-module quiet zone, opaque,
/// extent at the origin. With no message it encodes https://example.org.
/// Lua: `CIQRCodeGenerator{message = "hello", correctionLevel = "H"}`
public enum QRCodeGenerator {
    /// Correction levels: libzint's option_1 and the byte-mode capacity of version 40.
    static let levels: [String: (zint: Int32, maxBytes: Int, recovery: String)] = [
        "L": (1, 2953, "7%"), "M": (2, 2331, "15%"), "Q": (3, 1663, "25%"), "H": (4, 1273, "30%"),
    ]

    /// Modules of white around the symbol.
    public static let quietZone = 1

    public static let descriptor = FilterDescriptor(
        .generator, "CIQRCodeGenerator", "QR Code Generator", usage: [.stillImage, .builtIn],
        "Encodes the message bytes as a QR code, one pixel per module, black on white with a one-module quiet zone.",
        inputs: [
            .message("The bytes to encode (a Lua string: any bytes, UTF-8 included)."),
            InputSpec(
                "inputCorrectionLevel", "Correction Level", class: .string, default: .string("M"),
                description: "Error correction: L (7%), M (15%), Q (25%) or H (30%) of the symbol recoverable."),
        ]
    ) { f in
        let message = f.barcodeMessage()
        let name = (f.string("inputCorrectionLevel") ?? "M").uppercased()
        guard let level = levels[name] else {
            throw LunetteError.invalid("CIQRCodeGenerator.inputCorrectionLevel: expected L, M, Q or H, got \"\(name)\"")
        }
        switch Barcode.encode(message, .qrCode, option1: level.zint) {
        case .success(let symbol):
            return try Barcode.image(symbol, quietX: quietZone, quietY: quietZone)
        case .failure(let e) where e.tooLong:
            throw LunetteError.invalid(
                "CIQRCodeGenerator: a message of \(message.count) bytes is too long for correction level \(name) (at most \(level.maxBytes) bytes)"
            )
        case .failure(let e):
            throw LunetteError.invalid("CIQRCodeGenerator: libzint cannot encode the message: \(e.message)")
        }
    }
}
