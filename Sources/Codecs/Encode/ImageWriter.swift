import Foundation
import PixelCore

/// Writing images in any writable format, chosen by `options.format` or the path's
/// extension; always atomically (`AtomicFile.write`), so a failure leaves no partial file.
/// Lua: `img:save("out.webp", {lossless = true})`; CLI: `lunette apply in.jpg -o out.tif`
public enum ImageWriter {
    /// Renders `image` and writes it to `path` ("-" = standard output).
    public static func write(
        _ image: Image, to path: String, options: SaveOptions = SaveOptions(),
        context: Context = Context()
    ) throws {
        let format = try options.format ?? ImageFormat.forOutput(path)
        try options.validate(format)
        _ = try Context.renderRect(for: image)
        let name = path == "-" ? "standard output" : path
        try AtomicFile.write(to: path) { file in
            try stream(image, format: format, to: file, name: name, options: options, context: context)
        }
    }

    /// Renders and writes one format to an open stream.
    static func stream(
        _ image: Image, format: ImageFormat, to file: UnsafeMutablePointer<FILE>, name: String,
        options: SaveOptions, context: Context
    ) throws {
        let image = image.onExtentGrid()  // a fractional extent renders on its own grid, as Core Image's
        switch format {
        case .png: try PNGEncoder.stream(image, to: file, name: name, options: options, context: context)
        case .jpeg: try JPEGEncoder.stream(image, to: file, name: name, options: options, context: context)
        case .webp: try WebPCodec.stream(image, to: file, name: name, options: options, context: context)
        case .tiff: try TIFFEncoder.stream(image, to: file, name: name, options: options, context: context)
        case .heif, .avif: try HEIFCodec.stream(image, format: format, to: file, name: name, options: options, context: context)
        case .exr: try EXRCodec.stream(image, to: file, name: name, options: options, context: context)
        }
    }

    /// The file bytes for `image` in a format, in memory (tests, previews).
    public static func encode(
        _ image: Image, format: ImageFormat, options: SaveOptions = SaveOptions(),
        context: Context = Context()
    ) throws -> [UInt8] {
        try options.validate(format)
        return try inMemory { try stream(image, format: format, to: $0, name: "memory", options: options, context: context) }
    }

    /// The bytes `body` writes to a stream, in memory.
    static func inMemory(_ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws -> [UInt8] {
        guard let file = tmpfile() else { throw LunetteError.io("cannot create a temporary file") }
        defer { fclose(file) }
        try body(file)
        fflush(file)
        rewind(file)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
