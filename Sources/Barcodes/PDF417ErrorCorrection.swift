/// PDF417's Reed–Solomon error correction over the prime field GF(929) (ISO/IEC 15438
/// §5.10): level L adds k = 2^(L+1) codewords, the negated remainder of D(x)·x^k divided by
/// g(x) = (x − 3)(x − 3²)…(x − 3^k), so that the whole codeword polynomial is a multiple of
/// g. The generator coefficients are computed here, not tabulated.
/// Swift: `PDF417ErrorCorrection.codewords([3, 1, 2], level: 0)`
public enum PDF417ErrorCorrection {
    /// The field's prime: codeword values are 0…928.
    public static let prime = 929

    /// g(x)'s coefficients for each level 0…8, lowest degree first, without the leading 1.
    static let generators: [[Int]] = (0...8).map { level in
        let k = 2 << level
        var g = [1]  // lowest degree first, monic
        var root = 1
        for _ in 0..<k {
            root = root * 3 % prime
            // g · (x − root)
            var next = [Int](repeating: 0, count: g.count + 1)
            for (i, c) in g.enumerated() {
                next[i + 1] = (next[i + 1] + c) % prime
                next[i] = (next[i] + prime - c * root % prime) % prime
            }
            g = next
        }
        return Array(g.dropLast())
    }

    /// The 2^(level+1) correction codewords of `data` (the length descriptor included), in
    /// symbol order.
    public static func codewords(_ data: [Int], level: Int) -> [Int] {
        precondition((0...8).contains(level), "PDF417 correction level \(level) is not 0…8")
        let g = generators[level], k = g.count
        var r = [Int](repeating: 0, count: k)  // remainder, r[k-1] is the highest degree
        for d in data {
            let feedback = (d + r[k - 1]) % prime
            for j in stride(from: k - 1, to: 0, by: -1) {
                r[j] = (r[j - 1] + prime - feedback * g[j] % prime) % prime
            }
            r[0] = (prime - feedback * g[0] % prime) % prime
        }
        return r.reversed().map { (prime - $0) % prime }
    }

    /// The multiplicative inverse of a non-zero element (Fermat: a^(p−2)).
    static func inverse(_ a: Int) -> Int {
        var result = 1, base = a % prime, e = prime - 2
        while e > 0 {
            if e & 1 == 1 { result = result * base % prime }
            base = base * base % prime
            e >>= 1
        }
        return result
    }
}
