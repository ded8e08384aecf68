import CPNGShim
import Foundation
import PixelCore

/// PNG output in a colour space other than sRGB (an iCCP chunk with the profile) and with
/// the loaded image's EXIF (an eXIf chunk). Lua: `img:save("p3.png", {colorSpace = "display-p3"})`
extension PNGEncoder {
    static func stream(
        _ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: SaveOptions,
        context: Context
    ) throws {
        let color = OutputColor(options)
        var png = options.png
        png.workingSpace = color.encoding
        var chunks: [(String, [UInt8])] = []
        if let icc = options.profileToWrite { png.iccProfile = (options.colorSpace.rawValue, icc) }
        if let exif = options.exifToWrite { chunks.append(("eXIf", exif)) }
        try stream(
            image, to: file, name: name, options: png, context: context, chunks: chunks,
            prepare: color.transform == nil ? nil : { color.prepare($0) })
    }
}

extension PNGStripWriter {
    /// Writes one chunk (after the header, before the image data).
    func writeChunk(_ type: String, _ data: [UInt8]) throws {
        try data.withUnsafeBufferPointer { d in
            try check(lp_write_chunk(writer, type, nil, 0, d.baseAddress, d.count, nil, 0))
        }
    }
}
