import Foundation

extension ImageIO {
    /// Bits per sample stored in an image file (8 or 16), read from its header without
    /// decoding; nil when unknown. The CLI writes 16-bit results for 16-bit inputs.
    public static func storedDepth(of path: String) -> Int? {
        guard path != "-", let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 26)
        guard fread(&header, 1, header.count, file) == header.count else { return nil }
        // PNG: 8-byte signature, IHDR length and type, width, height, then the bit depth.
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard Array(header[0..<8]) == signature, Array(header[12..<16]) == Array("IHDR".utf8) else { return nil }
        return header[24] == 16 ? 16 : 8
    }
}
