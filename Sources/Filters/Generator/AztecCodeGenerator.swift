import Foundation
import PixelCore

/// CIAztecCodeGenerator: encodes the message bytes as an Aztec code (ISO/IEC 24778)
/// with libzint, one pixel per module, black on white with a two-module quiet zone, opaque
/// (Apple's render of "Hello world", correction 10, 2 layers, is 27×27: libzint's 23×23
/// symbol, identical module for module, plus 2 modules on every side).
/// The correction percentage maps to libzint's levels (more than 10, 23, 36 or 50% of
/// the symbol plus three codewords); requests above 50% get libzint's highest, 50%.
/// Layers and compact style pick the symbol size; unset, the smallest that fits is used.
/// Lua: `CIAztecCodeGenerator{message = "hello", correctionLevel = 33}`
public enum AztecCodeGenerator {
    public static let quietZone = 2

    public static let descriptor = FilterDescriptor(
        .generator, "CIAztecCodeGenerator", "Aztec Code Generator", usage: [.stillImage, .builtIn],
        "Encodes the message bytes as an Aztec code, one pixel per module, black on white.",
        inputs: [
            .message("The bytes to encode (a Lua string: any bytes, UTF-8 included)."),
            InputSpec(
                "inputCorrectionLevel", "Correction Level", class: .number, type: nil, default: .number(23),
                min: 5, max: 95, sliderMin: 5, sliderMax: 95,
                description: "Percentage of the symbol given to error correction (libzint offers up to 50%)."),
            .automatic(
                "inputLayers", "Layers", min: 1, max: 32,
                "Number of data layers around the bullseye (unset: the fewest that fit)."),
            .automatic(
                "inputCompactStyle", "Compact Style", min: 0, max: 1,
                "1 for a compact symbol (up to 4 layers), 0 for full range (unset: whichever is smaller)."),
        ]
    ) { f in
        let message = f.barcodeMessage()
        let percent = f.number("inputCorrectionLevel")
        let level: Int32 = percent <= 10 ? 1 : percent <= 23 ? 2 : percent <= 36 ? 3 : 4
        let layers = f.optionalNumber("inputLayers").map { Int32($0.rounded()) }
        let compact = f.optionalNumber("inputCompactStyle").map { $0 >= 0.5 }
        // libzint sizes: 1…4 compact with that many layers, 5…36 full range with size − 4 layers.
        let explicit: [Int32]
        switch (layers, compact) {
        case (nil, nil):
            switch Barcode.encode(message, .aztec, option1: level) {
            case .success(let symbol): return try Barcode.image(symbol, quietX: quietZone, quietY: quietZone)
            case .failure(let e): throw failure(e, message.count, layers, percent)
            }
        case (nil, let c?):
            // The smallest symbol of that style with at least the capacity libzint picks for the level.
            let floor = try autoCapacity(message, level: level, percent: percent)
            explicit = (c ? Array(1...4) : Array(5...36)).filter { capacity($0) >= floor }
        case (let l?, true?):
            guard l <= 4 else {
                throw LunetteError.invalid("CIAztecCodeGenerator: a compact symbol has at most 4 layers, got \(l)")
            }
            explicit = [l]
        case (let l?, false?): explicit = [4 + l]
        case (let l?, nil): explicit = l <= 4 ? [l, 4 + l] : [4 + l]
        }
        var last = Barcode.Failure(status: 5, message: "no symbol size fits")
        for size in explicit {
            switch Barcode.encode(message, .aztec, option2: size) {
            case .success(let symbol): return try Barcode.image(symbol, quietX: quietZone, quietY: quietZone)
            case .failure(let e): last = e
            }
        }
        throw failure(last, message.count, layers, percent)
    }

    /// Data bits of a libzint size: 1…4 compact, 5…36 full range (ISO/IEC 24778 layer capacities).
    static func capacity(_ size: Int32) -> Int {
        let compact = size <= 4
        let l = Int(compact ? size : size - 4)
        return ((compact ? 88 : 112) + 16 * l) * l
    }

    /// The capacity of the symbol libzint chooses on its own for `level` (found by matching sizes).
    static func autoCapacity(_ message: [UInt8], level: Int32, percent: Double) throws -> Int {
        let auto: Barcode.Symbol
        switch Barcode.encode(message, .aztec, option1: level) {
        case .success(let s): auto = s
        case .failure(let e): throw failure(e, message.count, nil, percent)
        }
        for size in Int32(1)...36 {
            if case .success(let s) = Barcode.encode(message, .aztec, option2: size), s.width == auto.width {
                if s.modules == auto.modules { return capacity(size) }
            }
        }
        return 0
    }

    static func failure(_ e: Barcode.Failure, _ count: Int, _ layers: Int32?, _ percent: Double) -> LunetteError {
        guard e.tooLong else {
            return LunetteError.invalid("CIAztecCodeGenerator: libzint cannot encode the message: \(e.message)")
        }
        let what = layers.map { "\($0) layer\($0 == 1 ? "" : "s")" } ?? "any Aztec symbol"
        return LunetteError.invalid(
            "CIAztecCodeGenerator: a message of \(count) bytes does not fit \(what) at \(fmt(percent))% correction")
    }
}
