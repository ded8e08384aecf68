import Foundation
import PixelCore

/// A reader for EXIF blocks (a TIFF structure: a header, IFD0, the Exif and GPS IFDs).
/// Every read is bounds-checked: a hostile block yields fewer fields, never a trap.
/// It finds the orientation (and where it is stored, so outputs can reset it to 1) and
/// the fields `img.properties` shows. Lua: `Image.load("photo.jpg").properties.TIFF.Model`
public struct EXIF {
    public let bytes: [UInt8]
    let little: Bool
    /// Orientation 1…8 (1 when absent or out of range), and the byte offset of its value.
    public private(set) var orientation = 1
    var orientationOffset: Int?
    public private(set) var tiff: [String: PropertyValue] = [:]
    public private(set) var exif: [String: PropertyValue] = [:]
    public private(set) var gps: [String: PropertyValue] = [:]

    /// Parses a block; a leading "Exif\0\0" is skipped. Nil when there is no TIFF header.
    public init?(_ data: [UInt8]) {
        var b = data
        if b.count >= 6, b[0] == 0x45, b[1] == 0x78, b[2] == 0x69, b[3] == 0x66, b[4] == 0, b[5] == 0 { b.removeFirst(6) }
        guard b.count >= 8 else { return nil }
        if b[0] == 0x49, b[1] == 0x49 { little = true } else if b[0] == 0x4d, b[1] == 0x4d { little = false } else { return nil }
        bytes = b
        guard u16(2) == 42, let ifd0 = u32(4) else { return nil }
        var seen = Set<Int>()
        var t: [String: PropertyValue] = [:], e: [String: PropertyValue] = [:], g: [String: PropertyValue] = [:]
        let pointers = walk(Int(ifd0), names: EXIF.tiffNames, into: &t, seen: &seen, ifd0: true)
        if let p = pointers.exif { _ = walk(p, names: EXIF.exifNames, into: &e, seen: &seen) }
        if let p = pointers.gps { _ = walk(p, names: EXIF.gpsNames, into: &g, seen: &seen) }
        EXIF.addDegrees(&g)
        tiff = t; exif = e; gps = g
    }

    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        let v = (0..<4).map { UInt32(bytes[at + $0]) }
        return little ? v[0] | v[1] << 8 | v[2] << 16 | v[3] << 24 : v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3]
    }

    /// Reads one IFD's known tags into `out`; returns the Exif and GPS IFD offsets.
    mutating func walk(
        _ offset: Int, names: [Int: String], into out: inout [String: PropertyValue],
        seen: inout Set<Int>, ifd0: Bool = false
    ) -> (exif: Int?, gps: Int?) {
        guard !seen.contains(offset), let count = u16(offset), count <= 1000 else { return (nil, nil) }
        seen.insert(offset)
        var pointers: (exif: Int?, gps: Int?) = (nil, nil)
        for i in 0..<count {
            let entry = offset + 2 + i * 12
            guard let tag = u16(entry), let type = u16(entry + 2), let n32 = u32(entry + 4) else { break }
            let n = Int(n32)
            let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8][type] ?? 0
            guard size > 0, n > 0, n <= 1 << 16 else { continue }
            let inline = n * size <= 4
            guard let at = inline ? entry + 8 : u32(entry + 8).map({ Int($0) }), at + n * size <= bytes.count else { continue }
            if ifd0, tag == 0x8769 { pointers.exif = u32(entry + 8).map { Int($0) }; continue }
            if ifd0, tag == 0x8825 { pointers.gps = u32(entry + 8).map { Int($0) }; continue }
            if ifd0, tag == 0x0112, type == 3, let v = u16(at) {
                orientation = (1...8).contains(v) ? v : 1
                orientationOffset = at
            }
            guard let name = names[tag], let value = value(type: type, count: n, at: at) else { continue }
            out[name] = value
        }
        return pointers
    }

    func value(type: Int, count n: Int, at: Int) -> PropertyValue? {
        if type == 2 || type == 7 {
            let raw = bytes[at..<at + n].prefix { $0 != 0 }
            guard type == 2 || raw.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
            return .string(String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces))
        }
        var values: [PropertyValue] = []
        for i in 0..<min(n, 64) {
            switch type {
            case 1: values.append(.number(Double(bytes[at + i])))
            case 3: values.append(.number(Double(u16(at + i * 2) ?? 0)))
            case 4: values.append(.number(Double(u32(at + i * 4) ?? 0)))
            case 9: values.append(.number(Double(Int32(bitPattern: u32(at + i * 4) ?? 0))))
            case 5, 10:
                let a = u32(at + i * 8) ?? 0, b = u32(at + i * 8 + 4) ?? 0
                let num = type == 5 ? Double(a) : Double(Int32(bitPattern: a))
                let den = type == 5 ? Double(b) : Double(Int32(bitPattern: b))
                values.append(.number(den == 0 ? 0 : num / den))
            default: return nil
            }
        }
        return values.count == 1 ? values[0] : .list(values)
    }

    /// The block with its orientation set to 1 (the pixels written are already upright).
    public func uprightBytes() -> [UInt8] {
        var out = bytes
        if let at = orientationOffset, at + 2 <= out.count {
            out[at] = little ? 1 : 0
            out[at + 1] = little ? 0 : 1
        }
        return out
    }
}
