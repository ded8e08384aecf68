import Foundation

/// A TIFF file's EXIF: its first IFD's descriptive tags (Make, Model, Orientation, …) and
/// the Exif and GPS IFDs it points to, copied into a compact EXIF block, so TIFF inputs
/// show `img.properties.Exif` and hand their EXIF on to outputs like JPEGs do.
/// Lua: `Image.load("scan.tif").properties.Exif.FNumber`
extension EXIF {
    /// One IFD entry as copied: tag, type, count and its value bytes (file byte order).
    struct Entry { let tag: Int, type: Int, count: Int, value: [UInt8] }

    static let typeSizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4]

    /// The EXIF block of page `page` (1-based) of the TIFF file `data`, or nil when it has
    /// no Exif, GPS or descriptive tags (or is not a classic TIFF: BigTIFF files keep theirs
    /// unread).
    public static func block(fromTIFF data: [UInt8], page: Int = 1) -> [UInt8]? {
        guard let file = EXIF(data) else { return nil }
        let (main, exif, gps) = file.parts(page: page)
        let descriptive = main.filter { tiffNames[$0.tag] != nil }
        guard !exif.isEmpty || !gps.isEmpty || !descriptive.isEmpty else { return nil }
        return serialize(little: file.little, ifd0: descriptive, exif: exif, gps: gps)
    }

    /// The entries of the page's IFD (IFD0 for page 1) and of the Exif (less its
    /// Interoperability pointer) and GPS IFDs it points to.
    func parts(page: Int = 1) -> (main: [Entry], exif: [Entry], gps: [Entry]) {
        var seen = Set<Int>()
        guard var ifd = u32(4).map({ Int($0) }) else { return ([], [], []) }
        for _ in 1..<max(1, page) {  // follow the chain of next-IFD offsets
            guard !seen.contains(ifd), let count = u16(ifd), let next = u32(ifd + 2 + 12 * count), next != 0 else {
                return ([], [], [])
            }
            seen.insert(ifd)
            ifd = Int(next)
        }
        seen = []
        let main = entries(at: ifd, seen: &seen)
        let pointer = { (tag: Int) in
            main.first { $0.tag == tag && ($0.type == 4 || $0.type == 13) }.flatMap { self.u32At($0.value) }
        }
        let exif = pointer(0x8769).map { entries(at: $0, seen: &seen).filter { $0.tag != 0xa005 } } ?? []
        let gps = pointer(0x8825).map { entries(at: $0, seen: &seen) } ?? []
        return (main, exif, gps)
    }

    func u32At(_ value: [UInt8]) -> Int? {
        guard value.count >= 4 else { return nil }
        let v = value.prefix(4).map { Int($0) }
        return little ? v[0] | v[1] << 8 | v[2] << 16 | v[3] << 24 : v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3]
    }

    /// The entries of the IFD at `offset` whose values lie inside the data (others are skipped).
    func entries(at offset: Int, seen: inout Set<Int>) -> [Entry] {
        guard !seen.contains(offset), let count = u16(offset), count <= 1000 else { return [] }
        seen.insert(offset)
        var out: [Entry] = []
        for i in 0..<count {
            let at = offset + 2 + i * 12
            guard let tag = u16(at), let type = u16(at + 2), let n = u32(at + 4), let size = EXIF.typeSizes[type],
                n > 0, n <= 1 << 16
            else { continue }
            let length = Int(n) * size
            guard let start = length <= 4 ? at + 8 : u32(at + 8).map({ Int($0) }), start + length <= bytes.count else { continue }
            out.append(Entry(tag: tag, type: type, count: Int(n), value: Array(bytes[start..<start + length])))
        }
        return out
    }

    /// A TIFF-structured EXIF block: header, IFD0 (with Exif and GPS pointers as needed),
    /// the Exif IFD, the GPS IFD, then the values that do not fit in their entries.
    static func serialize(little: Bool, ifd0: [Entry], exif: [Entry], gps: [Entry]) -> [UInt8] {
        let head: [UInt8] = little ? [0x49, 0x49, 42, 0, 8, 0, 0, 0] : [0x4d, 0x4d, 0, 42, 0, 0, 0, 8]
        return head + ifds(little: little, base: 8, ifd0: ifd0, exif: exif, gps: gps).bytes
    }

    /// IFDs laid out from file offset `base` (even): IFD0 when given (pointing at the
    /// others), the Exif IFD, the GPS IFD, then their long values; with the Exif and GPS
    /// IFDs' offsets (0 when absent). TIFF outputs write the Exif and GPS ones as they are.
    static func ifds(
        little: Bool, base: Int, ifd0: [Entry]?, exif: [Entry], gps: [Entry]
    )
        -> (bytes: [UInt8], exif: Int, gps: Int)
    {
        func bytes(_ v: Int, _ n: Int) -> [UInt8] {
            (0..<n).map { i in UInt8(truncatingIfNeeded: little ? v >> (8 * i) : v >> (8 * (n - 1 - i))) }
        }
        let ifdSize = { (n: Int) in 2 + 12 * n + 4 }
        let pointers = (exif.isEmpty ? 0 : 1) + (gps.isEmpty ? 0 : 1)
        let exifAt = base + (ifd0.map { ifdSize($0.count + pointers) } ?? 0)
        let gpsAt = exifAt + (exif.isEmpty ? 0 : ifdSize(exif.count))
        var dataAt = gpsAt + (gps.isEmpty ? 0 : ifdSize(gps.count))
        var out: [UInt8] = [], data: [UInt8] = []
        func ifd(_ entries: [Entry]) {
            out += bytes(entries.count, 2)
            for e in entries.sorted(by: { $0.tag < $1.tag }) {
                out += bytes(e.tag, 2) + bytes(e.type, 2) + bytes(e.count, 4)
                if e.value.count <= 4 {
                    out += e.value + [UInt8](repeating: 0, count: 4 - e.value.count)
                } else {
                    out += bytes(dataAt, 4)
                    data += e.value
                    dataAt += e.value.count
                    if e.value.count % 2 == 1 { data.append(0); dataAt += 1 }  // values start on word boundaries
                }
            }
            out += bytes(0, 4)
        }
        if var main = ifd0 {
            if !exif.isEmpty { main.append(Entry(tag: 0x8769, type: 4, count: 1, value: bytes(exifAt, 4))) }
            if !gps.isEmpty { main.append(Entry(tag: 0x8825, type: 4, count: 1, value: bytes(gpsAt, 4))) }
            ifd(main)
        }
        if !exif.isEmpty { ifd(exif) }
        if !gps.isEmpty { ifd(gps) }
        return (out + data, exif.isEmpty ? 0 : exifAt, gps.isEmpty ? 0 : gpsAt)
    }

    /// The Exif and GPS IFD entries of this block in little-endian order (values swapped
    /// element by element when the block is big-endian), for a little-endian TIFF.
    func exifAndGPSLittleEndian() -> (exif: [Entry], gps: [Entry]) {
        let (_, exif, gps) = parts()
        let swap = { (e: Entry) -> Entry in
            guard !self.little else { return e }
            let unit = [3: 2, 8: 2, 4: 4, 9: 4, 11: 4, 13: 4, 5: 4, 10: 4, 12: 8][e.type] ?? 1
            guard unit > 1 else { return e }
            var v = e.value
            for start in stride(from: 0, to: v.count - unit + 1, by: unit) { v[start..<start + unit].reverse() }
            return Entry(tag: e.tag, type: e.type, count: e.count, value: v)
        }
        return (exif.map(swap), gps.map(swap))
    }
}
