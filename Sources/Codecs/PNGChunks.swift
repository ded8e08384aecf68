import Foundation
import PixelCore

/// A walk over a PNG's chunk headers before libpng sees the file: checks the size limits
/// from IHDR first, rejects chunk lengths that run past the end of the data (so no chunk
/// buffer larger than the file is ever allocated), and enforces the ancillary chunk limits
/// (`PNGDecoder.maxChunkBytes`, `maxAncillaryChunks`).
struct PNGChunks {
    var hasTransparency = false

    static func scan(_ bytes: UnsafeRawBufferPointer, name: String) throws -> PNGChunks {
        var layout = PNGChunks()
        let signature: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return layout }  // libpng reports it
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        var offset = 8
        var seenData = false
        var ancillary = 0
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if length > 0x7fff_ffff { return layout }  // invalid length: libpng reports it
            if offset + 12 + length > bytes.count {
                throw LunetteError(.truncated, "\(name): truncated PNG (\(type) chunk of \(length) bytes runs past the end of the file)")
            }
            if bytes[offset + 4] & 0x20 != 0 {  // lower-case first letter: an ancillary chunk
                ancillary += 1
                try PNGDecoder.checkAncillary(type: type, length: length, count: ancillary, name: name)
            }
            if type == "IHDR", length >= 8 {
                try Limits.check(width: u32(offset + 8), height: u32(offset + 12), what: name)
            }
            if type == "tRNS", !seenData { layout.hasTransparency = true }
            if type == "IDAT" { seenData = true }
            if type == "IEND" { break }
            offset += 12 + length
        }
        return layout
    }
}
