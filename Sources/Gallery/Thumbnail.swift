import Codecs
import Console
import Foundation
import PixelCore

/// A small 8-bit sRGB picture of an image (straight alpha, top row first), for the gallery
/// page and the contact sheet. CLI: `lunette gallery -o out --size 96`
public struct Thumbnail: Sendable {
    public let width: Int, height: Int
    public let rgba: [UInt8]
    /// Share of pixels that are not fully transparent (0…1).
    public let coverage: Double

    /// Renders `image` (finite extent) and area-averages it to fit `maxSide`; an empty extent,
    /// a NaN or an infinity in the pixels is an error naming what went wrong.
    public static func make(_ image: Image, maxSide: Int, context: Context = Context(threads: 1)) throws -> Thumbnail {
        let rect = try Context.renderRect(for: image)
        let buffer = try context.render(image, rect: rect)
        var bad = 0
        for i in 0..<rect.count {
            let p = buffer.pixels[i]
            if !(p.x.isFinite && p.y.isFinite && p.z.isFinite && p.w.isFinite) { bad += 1 }
        }
        if bad > 0 { throw LunetteError.invalid("\(bad) of \(rect.count) pixels are not finite (NaN or infinity)") }
        let scale = min(1, Double(maxSide) / Double(max(rect.width, rect.height)))
        let w = max(1, Int((Double(rect.width) * scale).rounded())), h = max(1, Int((Double(rect.height) * scale).rounded()))
        let rgba = Downscale.rgba8(buffer, width: w, height: h)
        var covered = 0
        for i in stride(from: 3, to: rgba.count, by: 4) where rgba[i] > 0 { covered += 1 }
        return Thumbnail(width: w, height: h, rgba: rgba, coverage: Double(covered) / Double(w * h))
    }

    /// The thumbnail as a PNG file's bytes.
    public func png() throws -> [UInt8] { try TerminalImage.png(rgba, width: width, height: height) }

    /// Writes the PNG atomically.
    public func write(to path: String) throws {
        let bytes = try png()
        try AtomicFile.write(to: path) { file in
            if fwrite(bytes, 1, bytes.count, file) != bytes.count { throw LunetteError.io("\(path): write failed") }
        }
    }
}
