import Foundation
import PixelCore

/// A walk over a PNG's chunk headers before libpng sees the file: checks the size limits
/// from IHDR first, rejects chunk lengths that run past the end of the data (so no chunk
/// buffer larger than the file is ever allocated), and enforces the ancillary chunk limits
/// (`PNGDecoder.maxChunkBytes`, `maxAncillaryChunks`).
struct PNGChunks {
    var hasTransparency = false
    /// Colour and metadata chunks before the image data: an iCCP payload (name, method,
    /// compressed profile), sRGB, cHRM (white, red, green, blue xy) and an eXIf block.
    var iccp: [UInt8]?
    var hasSRGB = false
    var chrm: [Double]?
    var exif: [UInt8]?
    var gama: Double?
    /// cICP: colour primaries, transfer characteristics (ITU-T H.273 code points).
    var cicp: (primaries: Int, transfer: Int)?

    static func scan(_ bytes: UnsafeRawBufferPointer, name: String) throws -> PNGChunks {
        try scan(size: bytes.count, name: name) { at, n in Array(bytes[at..<(at + n)]) }
    }

    /// The same walk over an open file, reading only chunk headers (and IHDR); the file
    /// is left at its start.
    static func scan(file: UnsafeMutablePointer<FILE>, name: String) throws -> PNGChunks {
        defer { fseeko(file, 0, SEEK_SET) }
        guard fseeko(file, 0, SEEK_END) == 0 else { throw LunetteError.io("\(name): cannot seek") }
        let size = Int(ftello(file))
        return try scan(size: size, name: name) { at, n in
            var out = [UInt8](repeating: 0, count: n)
            guard fseeko(file, off_t(at), SEEK_SET) == 0, fread(&out, 1, n, file) == n else {
                return [UInt8](repeating: 0, count: n)
            }
            return out
        }
    }

    /// The walk, given the data's size and a reader of `n` bytes at an offset.
    static func scan(size: Int, name: String, _ read: (Int, Int) -> [UInt8]) throws -> PNGChunks {
        var layout = PNGChunks()
        let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        guard size >= 8, read(0, 8) == signature else { return layout }  // libpng reports it
        func u32(_ b: [UInt8], _ at: Int) -> Int {
            Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3])
        }
        var offset = 8
        var seenData = false
        var ancillary = 0
        while offset + 8 <= size {
            let header = read(offset, 8)
            let length = u32(header, 0)
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if length > 0x7fff_ffff { return layout }  // invalid length: libpng reports it
            if offset + 12 + length > size {
                throw LunetteError(
                    .truncated, "\(name): truncated PNG (\(type) chunk of \(length) bytes runs past the end of the file)")
            }
            if header[4] & 0x20 != 0 {  // lower-case first letter: an ancillary chunk
                ancillary += 1
                try PNGDecoder.checkAncillary(type: type, length: length, count: ancillary, name: name)
            }
            if type == "IHDR", length >= 8 {
                let ihdr = read(offset + 8, 8)
                try Limits.check(width: u32(ihdr, 0), height: u32(ihdr, 4), what: name)
            }
            if type == "tRNS", !seenData { layout.hasTransparency = true }
            if !seenData { layout.note(type, length: length, offset: offset, read) }
            if type == "IDAT" { seenData = true }
            if type == "IEND" { break }
            offset += 12 + length
        }
        return layout
    }
}

extension PNGChunks {
    /// Keeps the colour and metadata chunks `ImageIO` uses (their sizes are already
    /// within the ancillary chunk limit).
    mutating func note(_ type: String, length: Int, offset: Int, _ read: (Int, Int) -> [UInt8]) {
        switch type {
        case "iCCP": iccp = read(offset + 8, length)
        case "sRGB": hasSRGB = true
        case "cICP" where length == 4:
            let b = read(offset + 8, 4)
            cicp = (Int(b[0]), Int(b[1]))
        case "gAMA" where length == 4:
            let b = read(offset + 8, 4)
            let g = Double(Self.u32(b, 0)) / 100_000
            if g > 0 { gama = g }
        case "eXIf": exif = read(offset + 8, length)
        case "cHRM" where length == 32:
            let b = read(offset + 8, 32)
            chrm = (0..<8).map { i in Double(Self.u32(b, 4 * i)) / 100_000 }
        default: break
        }
    }

    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 {
        let hi = UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16
        return hi | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    /// True when the chunks ask for more than the sRGB/gamma tables: a cICP other than
    /// sRGB's, an ICC profile, or primaries other than sRGB's.
    var needsColorManagement: Bool {
        if let c = cicp { return !(c.primaries == 1 && c.transfer == 13) }  // cICP wins over the rest
        if hasSRGB { return false }
        if iccp != nil { return true }
        if let c = chrm {
            let srgb: [Double] = [0.3127, 0.329, 0.64, 0.33, 0.3, 0.6, 0.15, 0.06]
            return zip(c, srgb).contains { abs($0 - $1) > 0.002 }
        }
        return false
    }
}
