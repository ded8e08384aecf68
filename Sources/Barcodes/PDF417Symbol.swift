/// A PDF417 symbol's codeword matrix (ISO/IEC 15438 §5.3, §5.7–5.9): the length descriptor,
/// the data, 900 padding and the correction codewords fill `rows` × `columns` left to right,
/// top to bottom; each row is drawn as start pattern, left row indicator, its data codewords,
/// right row indicator and stop pattern, every codeword in the cluster (row mod 3) · 3. The
/// compact (truncated) form keeps the left indicator and ends with a single bar.
/// Swift: `try PDF417Encoder.layout(Array("hi".utf8), PDF417Request(columns: 2)).get().codewords`
public struct PDF417Symbol: Sendable {
    public var columns: Int, rows: Int, level: Int, compact: Bool
    /// Every codeword in symbol order: length descriptor, data, padding, correction.
    public var codewords: [Int]

    static let start: UInt32 = 0b1_1111_1110_1010_1000  // 8 1 1 1 1 1 1 3
    static let stop: UInt32 = 0b11_1111_1010_0010_1001  // 7 1 1 3 1 1 1 2 1 (18 modules)

    /// Lays out `data` (codewords after the length descriptor); the caller has checked that
    /// 1 + data + 2^(level+1) ≤ rows × columns.
    init(data: [Int], level: Int, columns: Int, rows: Int, compact: Bool) {
        self.columns = columns
        self.rows = rows
        self.level = level
        self.compact = compact
        let correction = 2 << level
        let length = rows * columns - correction
        precondition(data.count + 1 <= length, "PDF417 data does not fit the matrix")
        var stream = [length] + data
        stream += [Int](repeating: PDF417Compaction.textLatch, count: length - stream.count)
        codewords = stream + PDF417ErrorCorrection.codewords(stream, level: level)
    }

    /// Modules across one row.
    public var width: Int { compact ? 17 * (columns + 2) + 1 : 17 * (columns + 4) + 1 }

    /// Left and right row indicators of row `r` (§5.9: rows, columns and level spread over
    /// the three clusters).
    public func indicators(_ r: Int) -> (left: Int, right: Int) {
        let base = 30 * (r / 3)
        let a = (rows - 1) / 3, b = level * 3 + (rows - 1) % 3, c = columns - 1
        switch r % 3 {
        case 0: return (base + a, base + c)
        case 1: return (base + b, base + a)
        default: return (base + c, base + b)
        }
    }

    /// The module matrix, top row first (1 = dark), drawn with the table of `patterns`.
    public func modules(_ patterns: PDF417Patterns) -> BarcodeEncoder.Symbol {
        var m = [UInt8](repeating: 0, count: rows * width)
        for r in 0..<rows {
            var x = r * width
            func put(_ bits: UInt32, _ n: Int) {
                for k in 0..<n { m[x + k] = UInt8(bits >> (n - 1 - k) & 1) }
                x += n
            }
            let cluster = r % 3
            let (left, right) = indicators(r)
            put(Self.start, 17)
            put(patterns.pattern(left, cluster), 17)
            for c in 0..<columns { put(patterns.pattern(codewords[r * columns + c], cluster), 17) }
            if compact {
                put(1, 1)
            } else {
                put(patterns.pattern(right, cluster), 17)
                put(Self.stop, 18)
            }
        }
        return BarcodeEncoder.Symbol(rows: rows, width: width, modules: m)
    }
}
