import Barcodes
import Foundation
import PixelCore

/// CIPDF417BarcodeGenerator: encodes the message bytes as a PDF417 stacked barcode
/// (ISO/IEC 15438) with Lunette's own encoder: modules one pixel wide, rows three pixels
/// tall (ISO's minimum row height), a two-module white quiet zone, opaque. Widths and heights
/// are in pixels including the quiet zone (as Core Image's 56…583 and 13…283 ranges imply).
/// Model: compaction mode 0 automatic, 1 numeric, 2 text, 3 byte (the runtime range is 0…3;
/// Apple's prose numbers the same four modes 1…4, automatic first; the one render fits
/// either reading); a mode takes the runs it can carry, the rest falls back to automatic.
/// `alwaysSpecifyCompaction` 1 writes the first mode's latch even for text, which a symbol
/// starts in. Evidence: Apple's "Hello worlds" (mode 2, always 1, 10 columns, 10 rows,
/// level 2, compact), read row by row through the cluster tables, is 92 (length), 900, text
/// 237 131 344 802 437 333 569, 900 padding and correction 859 723 444 546 4 678 72 668 —
/// exactly this encoder's stream (libzint writes no leading 900). Explicit columns win over
/// the size limits: Apple drew it 209×34 although its min/max width and height were 100…500
/// and 100. Otherwise the column count is searched to meet the limits, nearest the preferred
/// aspect ratio.
/// Lua: `CIPDF417BarcodeGenerator{message = "hello", correctionLevel = 4}`
public enum PDF417BarcodeGenerator {
    static let quietZone = 2, standardRowHeight = 3

    public static let descriptor = FilterDescriptor(
        .generator, "CIPDF417BarcodeGenerator", "PDF417 Barcode Generator",
        "Encodes the message bytes as a PDF417 stacked barcode, modules one pixel wide and rows three pixels tall.",
        inputs: [
            .message("The bytes to encode (a Lua string: any bytes, UTF-8 included)."),
            .automatic("inputMinWidth", "Min Width", min: 56, max: 583, "Smallest image width in pixels."),
            .automatic("inputMaxWidth", "Max Width", min: 56, max: 583, "Largest image width in pixels."),
            .automatic(
                "inputMinHeight", "Min Height", min: 13, max: 283,
                "Smallest image height in pixels (rows grow taller to reach it)."),
            .automatic("inputMaxHeight", "Max Height", min: 13, max: 283, "Largest image height in pixels."),
            .automatic("inputDataColumns", "Data Columns", min: 1, max: 30, "Number of data columns."),
            .automatic("inputRows", "Rows", min: 3, max: 90, "Number of rows."),
            .automatic(
                "inputPreferredAspectRatio", "Preferred Aspect Ratio", min: 0, max: 9.223372036854775808e18,
                "Preferred width / height of the image."),
            .automatic(
                "inputCompactionMode", "Compaction Mode", min: 0, max: 3,
                "0 automatic, 1 numeric, 2 text, 3 byte: runs the mode can carry use it, others fall back."),
            .automatic(
                "inputCompactStyle", "Compact Style", min: 0, max: 1,
                "1 for compact (truncated) PDF417 without right row indicators."),
            .automatic(
                "inputCorrectionLevel", "Correction Level", min: 0, max: 8,
                "Error correction level: 2^(level+1) correction codewords (unset: by message length)."),
            .automatic(
                "inputAlwaysSpecifyCompaction", "Always Specify Compaction", min: 0, max: 1,
                "1 writes the first compaction latch even when implicit (900 before text), as Apple does."),
        ]
    ) { f in
        let message = f.barcodeMessage()
        func int(_ key: String) -> Int? { f.optionalNumber(key).map { Int($0.rounded()) } }
        var request = PDF417Request(
            compaction: int("inputCompactionMode").flatMap(PDF417Compaction.init(rawValue:)) ?? .automatic,
            alwaysSpecifyCompaction: int("inputAlwaysSpecifyCompaction") == 1, level: int("inputCorrectionLevel"),
            rows: int("inputRows"), compact: int("inputCompactStyle") == 1)
        let minW = int("inputMinWidth") ?? 0, maxW = int("inputMaxWidth") ?? .max
        let minH = int("inputMinHeight") ?? 0, maxH = int("inputMaxHeight") ?? .max
        let sized = [minW != 0, maxW != .max, minH != 0, maxH != .max].contains(true)
        let ratio = f.optionalNumber("inputPreferredAspectRatio")

        func fail(_ e: Barcode.Failure) -> LunetteError {
            LunetteError.invalid(
                e.tooLong
                    ? "CIPDF417BarcodeGenerator: a message of \(message.count) bytes does not fit (\(e.message))"
                    : "CIPDF417BarcodeGenerator: \(e.message)")
        }
        func draw(_ result: Result<Barcode.Symbol, Barcode.Failure>, rowHeight: Int = standardRowHeight) throws -> Image {
            switch result {
            case .success(let s): return try Barcode.image(s, quietX: quietZone, quietY: quietZone, rowHeight: rowHeight)
            case .failure(let e): throw fail(e)
            }
        }
        /// The row height meeting the height limits for `n` rows, if any.
        func fittingRowHeight(_ n: Int) -> Int? {
            var h = standardRowHeight
            if n * h + 2 * quietZone < minH { h = (minH - 2 * quietZone + n - 1) / n }
            if n * h + 2 * quietZone > maxH { h = (maxH - 2 * quietZone) / n }
            return h >= 1 && n * h + 2 * quietZone >= minH ? h : nil
        }

        if let columns = int("inputDataColumns") {
            // Explicit columns win over the size limits, as in Apple's render.
            request.columns = columns
            return try draw(PDF417Encoder.encode(message, request))
        }
        let auto = PDF417Encoder.encode(message, request)
        if !sized, ratio == nil { return try draw(auto) }
        // Search the column count: within the limits, nearest the preferred aspect ratio.
        let target: Double
        if let r = ratio, r > 0 {
            target = r
        } else if case .success(let s) = auto {
            target = Double(s.width + 2 * quietZone) / Double(s.rows * standardRowHeight + 2 * quietZone)
        } else {
            target = 3
        }
        var best: (score: Double, symbol: Barcode.Symbol, height: Int)?
        var lastFailure: Barcode.Failure?
        for columns in 1...30 {
            request.columns = columns
            switch PDF417Encoder.encode(message, request) {
            case .success(let s):
                let w = s.width + 2 * quietZone
                guard w >= minW, w <= maxW, let h = fittingRowHeight(s.rows) else { continue }
                let score = abs(log(Double(w) / Double(s.rows * h + 2 * quietZone) / target))
                if best == nil || score < best!.score { best = (score, s, h) }
            case .failure(let e): lastFailure = e
            }
        }
        guard let best else {
            if let e = lastFailure, case .failure = auto { throw fail(e) }
            throw LunetteError.invalid(
                "CIPDF417BarcodeGenerator: no symbol for \(message.count) bytes fits width \(minW)…\(maxW == .max ? "∞" : String(maxW)) and height \(minH)…\(maxH == .max ? "∞" : String(maxH))"
            )
        }
        return try Barcode.image(best.symbol, quietX: quietZone, quietY: quietZone, rowHeight: best.height)
    }
}
