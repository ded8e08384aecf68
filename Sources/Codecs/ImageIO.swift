import Foundation
import PixelCore

/// Loading images from files by format. Lua: `Image.load("photo.png")`
public enum ImageIO {
    /// Loads a PNG file ("-" = standard input) into the working space.
    public static func load(_ path: String, space: WorkingSpace = .linear) throws -> Image {
        let name = path == "-" ? "standard input" : path
        let data = try AtomicFile.read(path)
        if data.isEmpty { throw LunetteError(.truncated, "\(name): empty file") }
        return try PNGDecoder.image(data, name: name, space: space)
    }
}

extension ImageIO {
    /// Opens a PNG file for one top-to-bottom render: rows are decoded as the renderer
    /// asks for them and only a window of them is kept (a render that reads rows it has
    /// already dropped decodes the whole file instead). Decoding errors past the header
    /// surface when the image is rendered. Used by `lunette apply`.
    public static func open(_ path: String, space: WorkingSpace = .linear) throws -> Image {
        let name = path == "-" ? "standard input" : path
        if path == "-" {
            let data = try AtomicFile.read(path)
            if data.isEmpty { throw LunetteError(.truncated, "\(name): empty file") }
            let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
            bytes.copyBytes(from: data)
            do {
                return Image(try PNGStreamNode(.memory(bytes), name: name, space: space))
            } catch {
                bytes.deallocate()
                throw error
            }
        }
        var st = stat()
        if stat(path, &st) == 0, st.st_size == 0 { throw LunetteError(.truncated, "\(name): empty file") }
        return Image(try PNGStreamNode(.file(path), name: name, space: space))
    }
}
