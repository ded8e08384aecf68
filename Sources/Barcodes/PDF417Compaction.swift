/// PDF417's high-level encoding (ISO/IEC 15438 §5.4): message bytes to data codewords in
/// text (latch 900; alpha, lower, mixed and punctuation sub-modes, two values a codeword),
/// byte (901, or 924 when the run is a multiple of 6 bytes: 6 bytes to 5 base-900
/// codewords; 913 shifts one byte out of text) and numeric compaction (902: 44 digits at a
/// time, "1" prefixed, in base 900). Automatic mode is the standard's Annex P rule: 13 or
/// more digits go numeric, 5 or more text characters (or text to the end) go text, the
/// rest bytes. A requested mode takes every run it can carry, whatever its length.
/// `alwaysLatch` writes the first mode's latch even for text, which is implicit at the start.
/// Swift: `PDF417Compaction.codewords(Array("Hello".utf8), mode: .text, alwaysLatch: true)`
public enum PDF417Compaction: Int, Sendable {
    case automatic = 0, numeric = 1, text = 2, byte = 3

    public static let textLatch = 900, byteLatch = 901, numericLatch = 902, byteShift = 913, byteLatch6 = 924

    public static func codewords(_ bytes: [UInt8], mode: PDF417Compaction, alwaysLatch: Bool) -> [Int] {
        var out: [Int] = []
        var current = PDF417Compaction.text  // the mode a symbol starts in
        var sub = TextSubMode.alpha
        var punctuationPad = false
        if mode == .byte {
            appendBytes(bytes[...], to: &out)
            return out
        }
        var i = 0
        while i < bytes.count {
            let digits = digitRun(bytes, i)
            if digits > 0, digits >= 13 || mode == .numeric {
                out.append(numericLatch)
                appendNumeric(bytes[i..<i + digits], to: &out)
                current = .numeric
                i += digits
                continue
            }
            let text = textRun(bytes, i, numericOnly: mode == .numeric)
            if text > 0, text >= 5 || i + text == bytes.count || mode == .text {
                if current != .text || (alwaysLatch && out.isEmpty) {
                    out.append(textLatch)
                    sub = .alpha
                }
                current = .text
                (sub, punctuationPad) = appendText(bytes[i..<i + text], to: &out, from: sub)
                i += text
                continue
            }
            let run = byteRun(bytes, i, mode: mode)
            if run == 1 && current == .text && !(alwaysLatch && out.isEmpty) {
                // After a punctuation pad the text goes on: 28 28 (mixed, alpha) makes that pad
                // an inner latch to alpha, which every decoder reads the same way.
                if punctuationPad { out.append(30 * 28 + 28) }
                punctuationPad = false
                out += [byteShift, Int(bytes[i])]
            } else {
                appendBytes(bytes[i..<i + run], to: &out)
                current = .byte
            }
            i += run
        }
        return out
    }

    static func isDigit(_ b: UInt8) -> Bool { (48...57).contains(b) }
    static func isText(_ b: UInt8) -> Bool { (32...126).contains(b) || b == 9 || b == 10 || b == 13 }

    static func digitRun(_ s: [UInt8], _ i: Int) -> Int {
        var j = i
        while j < s.count, isDigit(s[j]) { j += 1 }
        return j - i
    }

    /// Text characters from `i`, stopping before a run of digits that numeric compaction takes.
    static func textRun(_ s: [UInt8], _ i: Int, numericOnly: Bool) -> Int {
        var j = i
        while j < s.count, isText(s[j]) {
            let d = digitRun(s, j)
            if d >= 13 || (numericOnly && d > 0) { break }
            j += max(d, 1)
        }
        return min(j, s.count) - i
    }

    /// Bytes from `i` up to the next run that text or numeric compaction takes (at least one).
    static func byteRun(_ s: [UInt8], _ i: Int, mode: PDF417Compaction) -> Int {
        var j = i
        while j < s.count {
            let digits = digitRun(s, j)
            if digits >= 13 || (mode == .numeric && digits > 0) { break }
            let text = textRun(s, j, numericOnly: mode == .numeric)
            if text >= 5 || (text > 0 && (j + text == s.count || mode == .text)) { break }
            j += 1
        }
        return max(j - i, 1)
    }

    static func appendBytes(_ run: ArraySlice<UInt8>, to out: inout [Int]) {
        out.append(run.count % 6 == 0 ? byteLatch6 : byteLatch)
        var i = run.startIndex
        while run.endIndex - i >= 6 {
            var v: UInt64 = 0
            for b in run[i..<i + 6] { v = v << 8 | UInt64(b) }
            var group = [Int](repeating: 0, count: 5)
            for k in stride(from: 4, through: 0, by: -1) {
                group[k] = Int(v % 900)
                v /= 900
            }
            out += group
            i += 6
        }
        out += run[i...].map { Int($0) }
    }

    /// Numeric compaction: each group of up to 44 digits, with a leading 1, in base 900.
    static func appendNumeric(_ digits: ArraySlice<UInt8>, to out: inout [Int]) {
        var start = digits.startIndex
        while start < digits.endIndex {
            let end = min(start + 44, digits.endIndex)
            var decimal = [1] + digits[start..<end].map { Int($0) - 48 }  // most significant first
            var group: [Int] = []
            while !decimal.isEmpty {
                // Long division of the decimal number by 900.
                var remainder = 0
                var quotient: [Int] = []
                for d in decimal {
                    let v = remainder * 10 + d
                    if !quotient.isEmpty || v / 900 > 0 { quotient.append(v / 900) }
                    remainder = v % 900
                }
                group.append(remainder)
                decimal = quotient
            }
            out += group.reversed()
            start = end
        }
    }
}
