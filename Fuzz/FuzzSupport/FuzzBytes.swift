/// The fuzz input read as a stream of decisions; past the end every read returns 0, so
/// any byte string is a complete, deterministic program.
public struct FuzzBytes {
    public let bytes: [UInt8]
    public var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { offset >= bytes.count }

    public mutating func byte() -> Int {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return Int(bytes[offset])
    }

    /// A value in 0..<n (n ≥ 1).
    public mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : (byte() << 8 | byte()) % n }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One element of `items`.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Eight bytes as a double, any bit pattern (NaNs, infinities, subnormals included).
    public mutating func rawDouble() -> Double {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }
}
