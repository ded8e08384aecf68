import Foundation
import PixelCore

/// CIPDF417BarcodeGenerator: encodes the message bytes as a PDF417 stacked barcode
/// (ISO/IEC 15438) with libzint: modules one pixel wide, rows three pixels tall (ISO's
/// minimum row height), a two-module white quiet zone, opaque. Widths and heights are in
/// pixels including the quiet zone (as Core Image's 56…583 and 13…283 ranges imply). Unset
/// inputs are automatic: the column count is searched to meet the size limits, nearest the
/// preferred aspect ratio (width / height; unset, libzint's own choice). Explicit data
/// columns override the limits: Apple drew "Hello worlds" with 10 columns, 10 rows, compact,
/// as 209×34 (3-pixel rows) although its min/max width and height were 100…500 and 100.
/// Compaction is
/// libzint's optimal mix of text, byte and numeric modes whatever `compactionMode` says
/// (any mode decodes to the same bytes). Apple's render of that case, read row by row
/// through the cluster 0/3/6 tables, holds 92 (length), 900, then libzint's very text
/// codewords 237 131 344 802 437 333 569, 900 padding and level-2 correction: Apple writes
/// the text latch 900 first because `alwaysSpecifyCompaction` is 1; libzint never writes a
/// redundant latch, so the first and last rows differ (the text sits one codeword earlier).
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
                "Requested compaction (libzint always picks the shortest valid mix)."),
            .automatic(
                "inputCompactStyle", "Compact Style", min: 0, max: 1,
                "1 for compact (truncated) PDF417 without right row indicators."),
            .automatic(
                "inputCorrectionLevel", "Correction Level", min: 0, max: 8,
                "Error correction level: 2^(level+1) correction codewords (unset: by message length)."),
            .automatic(
                "inputAlwaysSpecifyCompaction", "Always Specify Compaction", min: 0, max: 1,
                "Apple then writes the mode latch first; ignored (libzint emits latches only as needed)."),
        ]
    ) { f in
        let message = f.barcodeMessage()
        func int(_ key: String) -> Int? { f.optionalNumber(key).map { Int($0.rounded()) } }
        let symbology: Barcode.Symbology = (int("inputCompactStyle") ?? 0) == 1 ? .pdf417Compact : .pdf417
        let level = Int32(int("inputCorrectionLevel") ?? -1)
        let rows = Int32(int("inputRows") ?? 0)
        let minW = int("inputMinWidth") ?? 0, maxW = int("inputMaxWidth") ?? .max
        let minH = int("inputMinHeight") ?? 0, maxH = int("inputMaxHeight") ?? .max
        let sized = [minW != 0, maxW != .max, minH != 0, maxH != .max].contains(true)
        let ratio = f.optionalNumber("inputPreferredAspectRatio")

        func fail(_ e: Barcode.Failure) -> LunetteError {
            LunetteError.invalid(
                e.tooLong
                    ? "CIPDF417BarcodeGenerator: a message of \(message.count) bytes does not fit the requested rows/columns (libzint: \(e.message))"
                    : "CIPDF417BarcodeGenerator: libzint cannot encode the message: \(e.message)")
        }
        /// The row height meeting the height limits for `n` rows, if any.
        func fittingRowHeight(_ n: Int) -> Int? {
            var h = standardRowHeight
            if n * h + 2 * quietZone < minH { h = (minH - 2 * quietZone + n - 1) / n }
            if n * h + 2 * quietZone > maxH { h = (maxH - 2 * quietZone) / n }
            return h >= 1 && n * h + 2 * quietZone >= minH ? h : nil
        }

        let auto = Barcode.encode(message, symbology, option1: level, option3: rows)
        if let columns = int("inputDataColumns") {
            // Explicit columns win over the size limits, as in Apple's render.
            switch Barcode.encode(message, symbology, option1: level, option2: Int32(columns), option3: rows) {
            case .success(let s): return try Barcode.image(s, quietX: quietZone, quietY: quietZone, rowHeight: standardRowHeight)
            case .failure(let e): throw fail(e)
            }
        }
        if !sized, ratio == nil {
            switch auto {
            case .success(let s): return try Barcode.image(s, quietX: quietZone, quietY: quietZone, rowHeight: standardRowHeight)
            case .failure(let e): throw fail(e)
            }
        }
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
        for columns in Int32(1)...30 {
            switch Barcode.encode(message, symbology, option1: level, option2: columns, option3: rows) {
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
