import CKernels
import CPNGShim
import Foundation
import PixelCore

/// Options for writing a PNG. Lua: `img:save("out.png", {depth = 16, compression = 6})`
public struct PNGOptions: Sendable {
    public enum Channels: String, Sendable { case auto, rgba, rgb, gray, graya }
    public var depth = 8
    public var compression = 6
    public var channels = Channels.auto
    public var workingSpace = WorkingSpace.linear
    /// An ICC profile written as iCCP instead of the sRGB/gAMA/cHRM chunks (issue 21: output colour spaces).
    public var iccProfile: (name: String, bytes: [UInt8])?
    public init(depth: Int = 8, compression: Int = 6, channels: Channels = .auto) {
        self.depth = depth; self.compression = compression; self.channels = channels
    }

    /// Checks ranges; errors name the option.
    public func validate() throws {
        guard depth == 8 || depth == 16 else { throw LunetteError.invalid("PNG depth must be 8 or 16, got \(depth)") }
        guard (0...9).contains(compression) else { throw LunetteError.invalid("PNG compression must be 0…9, got \(compression)") }
    }
}

/// PNG writing: renders the image in strips from the top; each strip is filtered and
/// deflated on all cores and written as IDAT chunks through libpng (`PNGStripWriter`).
public enum PNGEncoder {
    /// Renders `image` (finite extent) and writes it atomically to `path` ("-" = stdout).
    public static func write(
        _ image: Image, to path: String, options: PNGOptions = .init(),
        context: Context = Context()
    ) throws {
        try options.validate()
        _ = try Context.renderRect(for: image)
        let name = path == "-" ? "standard output" : path
        try AtomicFile.write(to: path) { file in try stream(image, to: file, name: name, options: options, context: context) }
    }

    /// Renders and writes PNG data to an open stream.
    static func stream(
        _ image: Image, to file: UnsafeMutablePointer<FILE>, name: String, options: PNGOptions,
        context: Context, chunks: [(String, [UInt8])] = [], prepare: ((PixelBuffer) -> Void)? = nil
    ) throws {
        try options.validate()
        let rect = try Context.renderRect(for: image)
        let channels: Int
        switch options.channels {
        case .auto: channels = image.isOpaque ? 3 : 4
        case .rgba: channels = 4
        case .rgb: channels = 3
        case .gray: channels = 1
        case .graya: channels = 2
        }
        let writer = try PNGStripWriter(
            file: file, name: name, width: rect.width, height: rect.height,
            channels: channels, options: options, threads: context.threads)
        for (type, data) in chunks { try writer.writeChunk(type, data) }
        try context.renderStrips(image, rect: rect, stripHeight: stripHeight(width: rect.width)) { strip in
            prepare?(strip)
            try writer.append(strip)
        }
        try writer.finish()
    }

    /// Rows per rendered strip: about 128K pixels (2 MiB of working-space pixels), so
    /// memory stays small however large the image; at least 32 rows, so that the rows a
    /// neighbourhood filter reads above and below each strip stay a small part of its work.
    static func stripHeight(width: Int) -> Int { max(32, min(256, (1 << 17) / max(1, width))) }
}

extension PNGEncoder {
    /// The PNG file bytes for `image`, in memory.
    public static func encode(_ image: Image, options: PNGOptions = .init(), context: Context = Context()) throws -> [UInt8] {
        try ImageWriter.inMemory { try stream(image, to: $0, name: "memory", options: options, context: context) }
    }
}

/// Working-space pixels → stored samples (unpremultiply, clamp, sRGB-encode; 16-bit samples big-endian, as PNG stores them).
enum SampleEncoder {
    static func encodeRow(
        _ src: UnsafeMutablePointer<Pixel>, _ width: Int, into dst: UnsafeMutableRawPointer,
        channels: Int, depth: Int, space: WorkingSpace
    ) {
        if depth == 8, space == .linear, channels >= 3 {
            return Transfer.withEncode8Table {
                encodeRow8(src, width, into: dst.assumingMemoryBound(to: UInt8.self), channels: channels, $0)
            }
        }
        let linear = space == .linear
        let alphaIndex = channels == 2 ? 1 : channels == 4 ? 3 : -1
        @inline(__always) func store(_ v: Float, _ i: Int, alpha: Bool) {
            if depth == 8 {
                let s = alpha || !linear ? UInt8(min(max(v, 0), 1) * 255 + 0.5) : Transfer.encode8(v)
                dst.storeBytes(of: s, toByteOffset: i, as: UInt8.self)
            } else {
                let s = alpha || !linear ? UInt16(min(max(v, 0), 1) * 65535 + 0.5) : Transfer.encode16(v)
                dst.storeBytes(of: s.bigEndian, toByteOffset: i * 2, as: UInt16.self)
            }
        }
        for x in 0..<width {
            let p = src[x]
            let a = min(max(p.w, 0), 1)
            let u = p.w > 0 ? Pixel(p.x / p.w, p.y / p.w, p.z / p.w, a) : Pixel(0, 0, 0, 0)
            let base = x * channels
            if channels <= 2 {
                store(0.2126 * u.x + 0.7152 * u.y + 0.0722 * u.z, base, alpha: false)
            } else {
                store(u.x, base, alpha: false); store(u.y, base + 1, alpha: false); store(u.z, base + 2, alpha: false)
            }
            if alphaIndex >= 0 { store(a, base + alphaIndex, alpha: true) }
        }
    }

    /// The common case (8-bit RGB or RGBA, sRGB-encoded), with the table at hand: the same
    /// arithmetic as the general path, so the same bytes (`lunette_encode8_row`).
    static func encodeRow8(
        _ src: UnsafeMutablePointer<Pixel>, _ width: Int, into dst: UnsafeMutablePointer<UInt8>,
        channels: Int, _ table: UnsafePointer<UInt8>
    ) {
        UnsafeMutableRawPointer(src).withMemoryRebound(to: Float.self, capacity: width * 4) {
            lunette_encode8_row($0, width, dst, channels, table)
        }
    }
}
