import Foundation
import PixelCore

/// 64-bit FNV-1a hashes, as 16 hex digits: which shard an input belongs to, which chain made
/// an output, and whether an output is still the file a batch wrote. Not cryptographic: it
/// detects change and spreads names evenly, nothing more.
/// Swift: `ContentHash.hex(of: "a.png")`, `try ContentHash.file("out/a.png")`
public enum ContentHash {
    static let offset: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`, continuing from `seed`.
    static func fnv1a<C: Sequence>(_ bytes: C, seed: UInt64 = offset) -> UInt64 where C.Element == UInt8 {
        var h = seed
        for b in bytes { h = (h ^ UInt64(b)) &* prime }
        return h
    }

    /// The hash of a string's UTF-8 bytes.
    public static func value(of text: String) -> UInt64 { fnv1a(text.utf8) }

    /// `value(of:)` as 16 hex digits.
    public static func hex(of text: String) -> String { hex(value(of: text)) }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// The hash of a file's bytes, read in 1 MiB blocks.
    public static func file(_ path: String) throws -> String {
        guard let f = fopen(path, "rb") else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
        defer { fclose(f) }
        var h = offset
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n > 0 { h = buffer.withUnsafeBufferPointer { fnv1a(UnsafeBufferPointer(rebasing: $0[0..<n]), seed: h) } }
            if n < buffer.count {
                if ferror(f) != 0 { throw LunetteError.io("\(path): read failed") }
                return hex(h)
            }
        }
    }
}
