import Foundation
import PixelCore

/// How to write an image, for every format (each uses the options that apply to it).
/// Lua: `img:save("out.jpg", {quality = 85, progressive = true, colorSpace = "display-p3"})`;
/// CLI: `--quality 85 --progressive --colorspace display-p3` (see OutputOptions).
public struct SaveOptions: Sendable {
    /// The format; nil chooses it by the path's extension.
    public var format: ImageFormat?
    /// PNG (and TIFF) depth, channels and PNG compression; the working space for all.
    public var png = PNGOptions()
    /// JPEG and lossy WebP quality, 1…100.
    public var quality = 90
    /// JPEG: progressive scans; chroma subsampling 420, 422 or 444.
    public var progressive = false
    public var subsampling = 420
    /// JPEG: optimised Huffman tables (files about 4 % smaller; libjpeg then buffers the
    /// whole image's coefficients, so off by default as in vips and Pillow).
    public var optimizeHuffman = false
    /// WebP: lossless.
    public var lossless = false
    /// TIFF compression: none, lzw or deflate.
    public var tiffCompression = "deflate"
    /// The colour space written (converted from the working space; its profile embedded
    /// unless sRGB, which is what untagged files mean).
    public var colorSpace = OutputColorSpace.srgb
    /// Drop EXIF (and every other metadata block).
    public var strip = false
    /// The metadata to carry (the loaded image's): its EXIF, orientation reset to 1 when
    /// the pixels were turned upright.
    public var metadata: ImageMetadata?

    public init() {}

    /// The keys Lua's `save` accepts; any other is an error.
    public static let luaKeys = [
        "format", "depth", "compression", "channels", "workingSpace", "quality",
        "progressive", "subsampling", "optimize", "lossless", "tiffCompression", "colorSpace", "strip", "metadata",
    ]

    /// Checks ranges; errors name the option.
    public func validate(_ format: ImageFormat? = nil) throws {
        let depths = format == .tiff ? [8, 16, 32] : [8, 16]
        guard depths.contains(png.depth) else {
            throw LunetteError(
                .usage, "\(format == .tiff ? "TIFF depth must be 8, 16 or 32" : "PNG depth must be 8 or 16"), got \(png.depth)")
        }
        guard (0...9).contains(png.compression) else {
            throw LunetteError(.usage, "compression must be 0…9, got \(png.compression)")
        }
        guard (1...100).contains(quality) else { throw LunetteError(.usage, "quality must be 1…100, got \(quality)") }
        guard [420, 422, 444].contains(subsampling) else {
            throw LunetteError(.usage, "subsampling must be 420, 422 or 444, got \(subsampling)")
        }
        guard ["none", "lzw", "deflate"].contains(tiffCompression) else {
            throw LunetteError(.usage, "TIFF compression must be none, lzw or deflate, got '\(tiffCompression)'")
        }
    }

    /// The EXIF block to write, or nil.
    var exifToWrite: [UInt8]? {
        guard !strip, let m = metadata, let bytes = m.exif, !bytes.isEmpty else { return nil }
        guard m.orientationApplied, let parsed = EXIF(bytes) else { return bytes }
        return parsed.uprightBytes()
    }

    /// The ICC profile to embed (nil for sRGB, which untagged files already mean, and
    /// for raw working-space output).
    var profileToWrite: [UInt8]? {
        guard colorSpace != .srgb, png.workingSpace == .linear else { return nil }
        return ColorProfile.builtin(colorSpace.kind).bytes
    }
}
