/// The derivation's side of libzint: builds 6-byte groups of chosen base-900 digits (every
/// byte ≥ 0x80, so that libzint can only use byte compaction), encodes them with libzint at
/// a fixed size and records the pattern drawn for every codeword of the expected stream.
struct PatternReader {
    var masks = [UInt32](repeating: 0, count: 3 * 929)
    var state: UInt64 = 0x5044_4634_3137  // fixed seed: the same symbols in every process

    var dataComplete: Bool { (0..<3).allSatisfy { k in (0..<900).allSatisfy { masks[k * 929 + $0] != 0 } } }

    /// SplitMix64.
    mutating func random() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The 6 big-endian bytes of a 48-bit value when all are ≥ 0x80.
    static func bytes(_ v: UInt64) -> [UInt8]? {
        guard v < 1 << 48 else { return nil }
        let b = (0..<6).map { UInt8(truncatingIfNeeded: v >> (40 - 8 * $0)) }
        return b.allSatisfy { $0 >= 0x80 } ? b : nil
    }

    /// A random group whose last base-900 digit is `last` (any when nil).
    mutating func group(endingIn last: Int?) -> (value: UInt64, bytes: [UInt8], digits: [Int]) {
        while true {
            var v = random() >> 16
            if let last { v = v - v % 900 + UInt64(last) }
            guard let b = Self.bytes(v) else { continue }
            var digits = [Int](repeating: 0, count: 5), rest = v
            for k in stride(from: 4, through: 0, by: -1) {
                digits[k] = Int(rest % 900)
                rest /= 900
            }
            return (v, b, digits)
        }
    }

    /// Encodes `bytes` (whole groups) with libzint and records every row's patterns.
    mutating func read(_ bytes: [UInt8], columns: Int, level: Int) throws {
        var data: [Int] = []
        PDF417Compaction.appendBytes(bytes[...], to: &data)
        let total = 1 + data.count + (2 << level)
        let rows = max(3, (total + columns - 1) / columns)
        let layout = PDF417Symbol(data: data, level: level, columns: columns, rows: rows, compact: false)
        let drawn: BarcodeEncoder.Symbol
        switch BarcodeEncoder.encode(
            bytes, .pdf417, option1: Int32(level), option2: Int32(columns), option3: Int32(rows))
        {
        case .success(let s): drawn = s
        case .failure(let e): throw PDF417Patterns.fail("libzint: \(e.message)")
        }
        guard drawn.rows == rows, drawn.width == layout.width else {
            throw PDF417Patterns.fail("libzint drew \(drawn.rows)×\(drawn.width) modules, expected \(rows)×\(layout.width)")
        }
        for r in 0..<rows {
            let (left, right) = layout.indicators(r)
            let row = [left] + layout.codewords[r * columns..<(r + 1) * columns] + [right]
            for (i, codeword) in row.enumerated() {
                var mask: UInt32 = 0
                for k in 0..<17 { mask = mask << 1 | UInt32(drawn.modules[r * drawn.width + 17 * (i + 1) + k]) }
                let slot = r % 3 * 929 + codeword
                if masks[slot] != 0 && masks[slot] != mask {
                    throw PDF417Patterns.fail("codeword \(codeword) of cluster \(r % 3 * 3) drawn two ways")
                }
                masks[slot] = mask
            }
        }
    }
}
