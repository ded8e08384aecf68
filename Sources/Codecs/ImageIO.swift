import Foundation
import PixelCore

/// Loading images from files by format. Lua: `Image.load("photo.png")`
public enum ImageIO {
    /// Loads a PNG file ("-" = standard input) into the working space.
    public static func load(_ path: String, space: WorkingSpace = .linear) throws -> Image {
        let name = path == "-" ? "standard input" : path
        let data = try AtomicFile.read(path)
        if data.isEmpty { throw LunetteError(.truncated, "\(name): empty file") }
        return try PNGDecoder.decode(data, name: name).image(space)
    }
}
