/// Lunette's PDF417 encoder: message bytes → compaction → correction level and matrix size →
/// module matrix (drawn with the pattern table read from libzint). Unset inputs are
/// automatic: the level follows the standard's recommendation for the data length (2 up
/// to 40 codewords, 3 to 160, 4 to 320, else 5), the columns ≈ √(codewords / 3), the rows
/// the fewest that hold the codewords (at least 3).
/// Swift: `PDF417Encoder.encode(Array("hello".utf8), PDF417Request(columns: 4))`
public struct PDF417Request: Sendable {
    public var compaction: PDF417Compaction
    public var alwaysSpecifyCompaction: Bool
    public var level: Int?, columns: Int?, rows: Int?
    public var compact: Bool

    public init(
        compaction: PDF417Compaction = .automatic, alwaysSpecifyCompaction: Bool = false, level: Int? = nil,
        columns: Int? = nil, rows: Int? = nil, compact: Bool = false
    ) {
        self.compaction = compaction
        self.alwaysSpecifyCompaction = alwaysSpecifyCompaction
        self.level = level
        self.columns = columns
        self.rows = rows
        self.compact = compact
    }
}

public enum PDF417Encoder {
    static let maxCodewords = 928, maxRows = 90, maxColumns = 30

    static func recommendedLevel(_ dataCodewords: Int) -> Int {
        switch dataCodewords {
        case ...40: return 2
        case ...160: return 3
        case ...320: return 4
        default: return 5
        }
    }

    static func tooLong(_ message: String) -> BarcodeEncoder.Failure { BarcodeEncoder.Failure(status: 5, message: message) }

    /// The codeword matrix for `bytes`, or why it cannot be built (status 5: it does not fit).
    public static func layout(_ bytes: [UInt8], _ r: PDF417Request) -> Result<PDF417Symbol, BarcodeEncoder.Failure> {
        for (name, value, range) in [
            ("correction level", r.level, 0...8), ("columns", r.columns, 1...maxColumns), ("rows", r.rows, 3...maxRows),
        ] {
            if let value, !range.contains(value) {
                return .failure(
                    BarcodeEncoder.Failure(status: 8, message: "\(name) \(value) is not \(range.lowerBound)…\(range.upperBound)"))
            }
        }
        let data = PDF417Compaction.codewords(bytes, mode: r.compaction, alwaysLatch: r.alwaysSpecifyCompaction)
        let level = r.level ?? recommendedLevel(data.count + 1)
        let n = 1 + data.count + (2 << level)
        guard n <= maxCodewords else {
            return .failure(tooLong("\(n) codewords at correction level \(level); PDF417 holds \(maxCodewords)"))
        }
        var columns: Int, rows: Int
        switch (r.columns, r.rows) {
        case let (c?, nil):
            (columns, rows) = (c, max(3, (n + c - 1) / c))
        case let (nil, rr?):
            (columns, rows) = ((n + rr - 1) / rr, rr)
        case let (c?, rr?):
            (columns, rows) = (c, rr)
        case (nil, nil):
            columns = min(maxColumns, max(1, Int(0.5 + (Double(n) / 3).squareRoot())))
            while (n + columns - 1) / columns > maxRows { columns += 1 }
            rows = max(3, (n + columns - 1) / columns)
        }
        guard columns <= maxColumns, rows <= maxRows, columns * rows >= n else {
            return .failure(tooLong("\(n) codewords do not fit \(rows) rows × \(columns) columns"))
        }
        guard columns * rows - (2 << level) <= maxCodewords else {
            return .failure(
                BarcodeEncoder.Failure(
                    status: 8, message: "\(rows) rows × \(columns) columns exceed PDF417's \(maxCodewords) codewords"))
        }
        return .success(PDF417Symbol(data: data, level: level, columns: columns, rows: rows, compact: r.compact))
    }

    /// The module matrix of `bytes`, top row first, without quiet zone.
    public static func encode(_ bytes: [UInt8], _ r: PDF417Request) -> Result<BarcodeEncoder.Symbol, BarcodeEncoder.Failure> {
        layout(bytes, r).flatMap { symbol in PDF417Patterns.shared.map { symbol.modules($0) } }
    }
}
