import Foundation
import PixelCore

/// CIBarcodeGenerator: the barcode a descriptor names, drawn by the generator of its
/// symbology. Core Image's CIBarcodeDescriptor becomes a record: a Lua table or its JSON
/// text with `symbology` ("QR", "Aztec", "PDF417" or "Code128", any case), `message` (the
/// payload) and any input of that generator by its short name (`correctionLevel` — or
/// `correction` — `layers`, `compactStyle`, `quietSpace`, `barcodeHeight`, `minWidth`, …).
/// Unknown symbologies and fields are errors naming them. With no descriptor set it encodes
/// the barcode generators' sample payload as a QR code.
/// Lua: `CIBarcodeGenerator{barcodeDescriptor = {symbology = "QR", message = "hi", correction = "M"}}`
public enum BarcodeGenerator {
    /// Symbology names (lowercased, without spaces, dashes or underscores) to their generators.
    static let symbologies: [String: FilterDescriptor] = [
        "qr": QRCodeGenerator.descriptor, "qrcode": QRCodeGenerator.descriptor,
        "aztec": AztecCodeGenerator.descriptor, "azteccode": AztecCodeGenerator.descriptor,
        "pdf417": PDF417BarcodeGenerator.descriptor, "code128": Code128BarcodeGenerator.descriptor,
    ]

    public static let descriptor = FilterDescriptor(
        .generator, "CIBarcodeGenerator", "Barcode Generator", usage: [.video, .stillImage, .builtIn],
        "Renders the barcode a descriptor names: its symbology (QR, Aztec, PDF417 or Code128), message and that generator's options.",
        inputs: [
            InputSpec(
                "inputBarcodeDescriptor", "Barcode Descriptor", class: .barcodeDescriptor,
                description:
                    "The barcode: a table (or JSON object) with symbology (QR, Aztec, PDF417, Code128), message and the generator's options by name."
            )
        ]
    ) { f in
        let key = "CIBarcodeGenerator.inputBarcodeDescriptor"
        guard case .string(let text)? = f["inputBarcodeDescriptor"] else {
            let sample = Filter(QRCodeGenerator.descriptor)
            try sample.set("inputMessage", .data(Barcode.defaultMessage))
            return try sample.outputImage()
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)),
            let fields = object as? [String: Any]
        else { throw LunetteError.invalid("\(key): expected a table of fields or a JSON object, got \(text.prefix(40))") }
        guard let name = fields["symbology"] as? String else {
            throw LunetteError.invalid("\(key): needs a symbology (QR, Aztec, PDF417 or Code128)")
        }
        let bare = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let stripped = bare.hasPrefix("ci") && bare.hasSuffix("descriptor") ? String(bare.dropFirst(2).dropLast(10)) : bare
        guard let generator = symbologies[stripped] else {
            throw LunetteError.invalid("\(key): unknown symbology \"\(name)\" (Lunette draws QR, Aztec, PDF417 and Code128)")
        }
        guard fields["message"] is String else { throw LunetteError.invalid("\(key): needs a message (the text to encode)") }
        let filter = Filter(generator)
        for (field, value) in fields.sorted(by: { $0.key < $1.key }) where field != "symbology" {
            let input = field == "correction" ? "correctionLevel" : field
            let v: FilterValue
            switch value {
            case let s as String: v = .string(s)
            case let n as NSNumber: v = .number(n.doubleValue)
            default: throw LunetteError.invalid("\(key).\(field): expected a string, number or boolean")
            }
            do { try filter.set(input, v) } catch let e as LunetteError { throw LunetteError(e.status, "\(key): \(e.message)") }
        }
        return try filter.outputImage()
    }
}
