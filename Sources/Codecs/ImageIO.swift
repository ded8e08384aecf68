import Foundation
import PixelCore

/// Loading images from files, whatever their format (recognised by content): PNG, JPEG,
/// WebP, TIFF, HEIF/HEIC, AVIF and OpenEXR, colour managed into the working space and turned
/// upright by their EXIF orientation. Lua: `Image.load("photo.jpg")`
public enum ImageIO {
    /// Loads a file ("-" = standard input) into the working space.
    public static func load(_ path: String, space: WorkingSpace = .linear) throws -> Image {
        try load(path, options: LoadOptions(space: space))
    }

    /// Loads a file with options (raw values, no orientation, a TIFF page).
    public static func load(_ path: String, options: LoadOptions) throws -> Image {
        let name = path == "-" ? "standard input" : path
        let data = try AtomicFile.read(path)
        return try decode(data, name: name, options: options)
    }

    /// Decodes file bytes of any supported format; `name` labels errors.
    public static func decode(_ data: [UInt8], name: String, options: LoadOptions = LoadOptions()) throws -> Image {
        try decode(data, as: try format(of: data, name: name), name: name, options: options)
    }

    /// Decodes bytes with one format's decoder, whatever they look like (the fuzz targets).
    public static func decode(
        _ data: [UInt8], as format: ImageFormat, name: String,
        options: LoadOptions = LoadOptions()
    ) throws -> Image {
        if data.isEmpty { throw LunetteError(.truncated, "\(name): empty file") }
        switch format {
        case .png: return try PNGDecoder.managedImage(data, name: name, options: options)
        case .jpeg: return try JPEGDecoder.image(data, name: name, options: options)
        case .webp: return try WebPCodec.image(data, name: name, options: options)
        case .tiff: return try TIFFDecoder.image(data, name: name, options: options)
        case .heif, .avif: return try HEIFCodec.image(data, name: name, format: format, options: options)
        case .exr: return try EXRCodec.image(data, name: name, options: options)
        }
    }

    /// The format of file bytes: empty and cut-short signatures are truncated input (exit
    /// 4), anything else unknown is `unsupported image format (looks like BMP)` (exit 3).
    public static func format(of data: [UInt8], name: String) throws -> ImageFormat {
        if data.isEmpty { throw LunetteError(.truncated, "\(name): empty file") }
        if let f = ImageFormat.sniff(Array(data.prefix(64))) { return f }
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        if data.count < 8, Array(png.prefix(data.count)) == data {
            throw LunetteError(.truncated, "\(name): truncated PNG (\(data.count) bytes)")
        }
        if data.count < 3, data[0] == 0xff { throw LunetteError(.truncated, "\(name): truncated JPEG (\(data.count) bytes)") }
        if data.count < 4, Array([0x76, 0x2f, 0x31].prefix(data.count)) == data {
            throw LunetteError(.truncated, "\(name): truncated OpenEXR (\(data.count) bytes)")
        }
        let guess = ImageFormat.describeUnknown(Array(data.prefix(64))).map { " (looks like \($0))" } ?? ""
        throw LunetteError.invalid(
            "\(name): unsupported image format\(guess); Lunette reads \(ImageFormat.readableList)")
    }
}

extension ImageIO {
    /// Opens a file for one top-to-bottom render. A PNG that needs no colour conversion
    /// or rotation, OpenEXRs, and JPEGs, TIFFs and WebPs without an orientation to apply, stream: rows are
    /// decoded as the renderer asks for them and only a window of them is kept (decoding
    /// errors past the header surface when the image is rendered). Other files load whole. Used by `lunette apply`.
    public static func open(_ path: String, space: WorkingSpace = .linear) throws -> Image {
        try open(path, options: LoadOptions(space: space))
    }

    public static func open(_ path: String, options: LoadOptions) throws -> Image {
        let name = path == "-" ? "standard input" : path
        if path == "-" {
            let data = try AtomicFile.read(path)
            switch try format(of: data, name: name) {
            case .png where try !needsDecoding(data, name: name, options):
                let bytes = copy(data)
                do {
                    return Image(try PNGStreamNode(.memory(bytes), name: name, space: options.space))
                } catch {
                    bytes.deallocate()
                    throw error
                }
            case .jpeg:
                if let image = try JPEGDecoder.stream(copy(data), name: name, options: options) { return image }
                return try decode(data, name: name, options: options)
            case .tiff:
                return try TIFFDecoder.stream(data, name: name, options: options) ?? decode(data, name: name, options: options)
            case .webp:
                return try WebPCodec.streamingImage(data, name: name, options: options)
                    ?? decode(data, name: name, options: options)
            case .exr:
                return try EXRCodec.streamingImage(data, name: name, options: options)
            default:
                return try decode(data, name: name, options: options)
            }
        }
        guard let f = fopen(path, "rb") else { throw LunetteError.io("\(path): \(String(cString: strerror(errno)))") }
        var head = [UInt8](repeating: 0, count: 64)
        head.removeSubrange(fread(&head, 1, 64, f)...)
        let format = try? format(of: head, name: name)
        var streams = false
        if format == .png {
            let layout = try PNGChunks.scan(file: f, name: name)
            streams = !(options.space == .linear && layout.needsColorManagement) && !(options.orient && layout.exif != nil)
        }
        fclose(f)
        if format == .jpeg {
            let data = try AtomicFile.read(path)
            if let image = try JPEGDecoder.stream(copy(data), name: name, options: options) { return image }
            return try decode(data, name: name, options: options)
        }
        if format == .tiff {
            let data = try AtomicFile.read(path)
            return try TIFFDecoder.stream(data, name: name, options: options) ?? decode(data, name: name, options: options)
        }
        if format == .webp {
            let data = try AtomicFile.read(path)
            return try WebPCodec.streamingImage(data, name: name, options: options) ?? decode(data, name: name, options: options)
        }
        if format == .exr { return try EXRCodec.streamingImage(try AtomicFile.read(path), name: name, options: options) }
        if !streams { return try load(path, options: options) }
        return Image(try PNGStreamNode(.file(path), name: name, space: options.space))
    }

    /// The bytes in a buffer of their own (a streaming node keeps and frees it).
    static func copy(_ data: [UInt8]) -> UnsafeMutableRawBufferPointer {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, data.count), alignment: 16)
        bytes.copyBytes(from: data)
        return UnsafeMutableRawBufferPointer(rebasing: bytes[0..<data.count])
    }

    static func needsDecoding(_ data: [UInt8], name: String, _ options: LoadOptions) throws -> Bool {
        let layout = try data.withUnsafeBytes { try PNGChunks.scan($0, name: name) }
        return (options.space == .linear && layout.needsColorManagement) || (options.orient && layout.exif != nil)
    }
}
