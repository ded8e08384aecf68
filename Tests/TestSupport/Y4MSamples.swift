import Foundation

/// Synthetic YUV4MPEG2 streams for codec and CLI tests.
public enum Y4MSamples {
    /// Plane sizes in samples: (luma, one chroma plane) for a C tag such as "420jpeg" or "444p10".
    public static func planes(width w: Int, height h: Int, chroma: String) -> (luma: Int, chroma: Int) {
        if chroma.hasPrefix("mono") { return (w * h, 0) }
        let cw = chroma.hasPrefix("444") ? w : (w + 1) / 2
        let ch = chroma.hasPrefix("420") ? (h + 1) / 2 : h
        return (w * h, cw * ch)
    }

    /// Bits per sample of a C tag ("420p10" → 10, "mono16" → 16, "422" → 8).
    public static func depth(_ chroma: String) -> Int {
        if chroma.hasPrefix("mono") { return Int(chroma.dropFirst(4)) ?? 8 }
        if let p = chroma.firstIndex(of: "p"), let d = Int(chroma[chroma.index(after: p)...]) { return d }
        return 8
    }

    /// One frame's planes filled by `sample(plane, index)` (plane 0 = Y, 1 = Cb, 2 = Cr).
    public static func frame(width: Int, height: Int, chroma: String, _ sample: (Int, Int) -> Int) -> [UInt8] {
        let (l, c) = planes(width: width, height: height, chroma: chroma)
        let wide = depth(chroma) > 8
        var out: [UInt8] = []
        out.reserveCapacity((l + 2 * c) * (wide ? 2 : 1))
        for (plane, count) in [(0, l), (1, c), (2, c)] {
            for i in 0..<count {
                let v = sample(plane, i)
                if wide { out.append(UInt8(v & 0xff)); out.append(UInt8(v >> 8)) } else { out.append(UInt8(v)) }
            }
        }
        return out
    }

    /// A whole stream of `frames` pseudo-random frames (every code value possible).
    public static func random(
        width: Int, height: Int, chroma: String = "420jpeg", frames: Int, seed: UInt64 = 7,
        tags: String = "F25:1 Ip A1:1"
    ) -> [UInt8] {
        var state = seed
        let maxCode = (1 << depth(chroma)) - 1
        var out = Array("YUV4MPEG2 W\(width) H\(height) \(tags) C\(chroma)\n".utf8)
        for _ in 0..<frames {
            out += Array("FRAME\n".utf8)
            out += frame(width: width, height: height, chroma: chroma) { _, _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Int(state >> 33) % (maxCode + 1)
            }
        }
        return out
    }

    /// A stream of flat frames: every Y sample `y`, every chroma sample mid-grey.
    public static func flat(width: Int, height: Int, frames: Int, y: Int = 128, chroma: String = "420jpeg") -> [UInt8] {
        var out = Array("YUV4MPEG2 W\(width) H\(height) F25:1 Ip A1:1 C\(chroma)\n".utf8)
        let mid = 1 << (depth(chroma) - 1)
        for _ in 0..<frames {
            out += Array("FRAME\n".utf8)
            out += frame(width: width, height: height, chroma: chroma) { plane, _ in plane == 0 ? y : mid }
        }
        return out
    }

    /// Splits a stream into its header line and frame payloads (nil if malformed).
    public static func split(_ bytes: [UInt8]) -> (header: String, frames: [[UInt8]])? {
        guard let nl = bytes.firstIndex(of: 0x0a) else { return nil }
        let header = String(decoding: bytes[..<nl], as: UTF8.self)
        var w = 0, h = 0, chroma = "420jpeg"
        for t in header.split(separator: " ") {
            if t.hasPrefix("W") { w = Int(t.dropFirst()) ?? 0 }
            if t.hasPrefix("H") { h = Int(t.dropFirst()) ?? 0 }
            if t.hasPrefix("C") { chroma = String(t.dropFirst()) }
        }
        let (l, c) = planes(width: w, height: h, chroma: chroma)
        let size = (l + 2 * c) * (depth(chroma) > 8 ? 2 : 1)
        var frames: [[UInt8]] = []
        var i = nl + 1
        while i < bytes.count {
            guard let e = bytes[i...].firstIndex(of: 0x0a), bytes[i..<e].starts(with: Array("FRAME".utf8)),
                e + 1 + size <= bytes.count
            else { return nil }
            frames.append(Array(bytes[(e + 1)..<(e + 1 + size)]))
            i = e + 1 + size
        }
        return (header, frames)
    }
}
