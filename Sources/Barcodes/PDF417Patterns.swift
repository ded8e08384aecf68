/// The bar/space pattern of each codeword in PDF417's three clusters (ISO/IEC 15438 §5.3.1),
/// read out of libzint, which the project links anyway, the first time a PDF417 symbol is
/// drawn: Lunette encodes byte-compaction messages whose base-900 codewords it chooses,
/// lays out the codeword stream libzint must draw (length, 924, data, padding, correction
/// by Lunette's own Reed–Solomon) and reads each row's 17-module patterns, row r being
/// cluster (r mod 3)·3. Codewords 900–928 that data cannot carry are made to appear as
/// correction codewords by solving for one data codeword (correction is linear in the data).
/// A pattern seen twice must agree; the table must then hold 3 × 929 distinct patterns of
/// 4 bars and 4 spaces of 1–6 modules (17 in all), each in its cluster.
/// Swift: `try PDF417Patterns.shared.get().pattern(900, 0)`
public struct PDF417Patterns: Sendable {
    /// 17-bit masks, first module in bit 16, indexed by cluster (0, 1, 2) · 929 + codeword.
    public let masks: [UInt32]

    public func pattern(_ codeword: Int, _ cluster: Int) -> UInt32 { masks[cluster * 929 + codeword] }

    /// Derived once per process (Swift initialises static lets lazily and thread-safely).
    public static let shared: Result<PDF417Patterns, BarcodeEncoder.Failure> = Result { try derive() }.mapError {
        $0 as? BarcodeEncoder.Failure ?? BarcodeEncoder.Failure(status: -1, message: "\($0)")
    }

    /// The 8 element widths of a pattern (bar, space, …), first module first.
    public static func widths(_ mask: UInt32, modules: Int = 17) -> [Int] {
        var out: [Int] = [], last: UInt32 = 2
        for k in stride(from: modules - 1, through: 0, by: -1) {
            let bit = mask >> k & 1
            if bit == last { out[out.count - 1] += 1 } else { out.append(1); last = bit }
        }
        return out
    }

    /// The cluster a pattern belongs to, 0, 3 or 6 ((b1 − b2 + b3 − b4 + 9) mod 9 of its bar widths).
    public static func clusterNumber(_ mask: UInt32) -> Int {
        let w = widths(mask)
        return (w[0] - w[2] + w[4] - w[6] + 9) % 9
    }

    static func fail(_ message: String) -> BarcodeEncoder.Failure {
        BarcodeEncoder.Failure(status: -1, message: "cannot derive the PDF417 pattern table from libzint: \(message)")
    }

    static func derive() throws -> PDF417Patterns {
        var reader = PatternReader()
        // 1. Codewords 0…899: each 6-byte group's last base-900 digit is a missing codeword
        // of the cluster its position falls in; the other digits come at random.
        let columns = 30, groups = 150
        for _ in 0..<40 where !reader.dataComplete {
            var missing = (0..<3).map { k in (0..<900).filter { reader.masks[k * 929 + $0] == 0 } }
            var bytes: [UInt8] = []
            for g in 0..<groups {
                let cluster = (6 + 5 * g) / columns % 3
                let target = missing[cluster].popLast() ?? Int(reader.random() % 900)
                bytes += reader.group(endingIn: target).bytes
            }
            try reader.read(bytes, columns: columns, level: 3)
        }
        guard reader.dataComplete else { throw fail("codewords 0…899 did not all appear") }
        // 2. Codewords 900…928 as correction codewords of one-group symbols (2 columns, 12 rows).
        let level = 3, ecStart = 8  // 8 data codewords (length, 924, 5 digits, 1 pad), then 16
        var unit = [Int](repeating: 0, count: ecStart)
        unit[6] = 1
        let unitEC = PDF417ErrorCorrection.codewords(unit, level: level)
        for cluster in 0..<3 {
            for target in 900..<929 where reader.masks[cluster * 929 + target] == 0 {
                var found = false
                for attempt in 0..<400 where !found {
                    let g = reader.group(endingIn: nil)
                    var stream = [ecStart, PDF417Compaction.byteLatch6] + g.digits + [PDF417Compaction.textLatch]
                    stream[6] = 0
                    let base = PDF417ErrorCorrection.codewords(stream, level: level)
                    let slots = (0..<base.count).filter { (ecStart + $0) / 2 % 3 == cluster && unitEC[$0] != 0 }
                    guard !slots.isEmpty else { break }
                    let j = slots[attempt % slots.count]
                    let t = (target + 929 - base[j]) % 929 * PDF417ErrorCorrection.inverse(unitEC[j]) % 929
                    guard t < 900, let bytes = PatternReader.bytes(g.value - UInt64(g.digits[4]) + UInt64(t)) else { continue }
                    try reader.read(bytes, columns: 2, level: level)
                    found = reader.masks[cluster * 929 + target] != 0
                }
                guard found else { throw fail("codeword \(target) of cluster \(cluster * 3) did not appear") }
            }
        }
        try validate(reader.masks)
        return PDF417Patterns(masks: reader.masks)
    }

    static func validate(_ masks: [UInt32]) throws {
        for (i, m) in masks.enumerated() {
            let w = widths(m)
            guard w.count == 8, w.allSatisfy({ (1...6).contains($0) }), m >> 16 == 1 else {
                throw fail("codeword \(i % 929) of cluster \(i / 929 * 3) is not 4 bars and 4 spaces: \(w)")
            }
            guard clusterNumber(m) == i / 929 * 3 else { throw fail("codeword \(i % 929) drawn in the wrong cluster") }
        }
        guard Set(masks).count == masks.count else { throw fail("two codewords share a pattern") }
    }
}
