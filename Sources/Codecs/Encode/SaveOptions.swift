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
        let depths = (format ?? .png).depths
        guard depths.contains(png.depth) else {
            let name = format == .tiff || format == .exr ? format!.displayName : "PNG"
            throw LunetteError(
                .usage, "\(name) depth must be \(depths.count == 3 ? "8, 16 or 32" : "8 or 16"), got \(png.depth)")
        }
        if format == .exr, colorSpace != .srgb, colorSpace != .linearSRGB {
            throw LunetteError(
                .usage,
                "OpenEXR holds linear values with sRGB (Rec. 709) primaries: colour space '\(colorSpace.rawValue)' cannot be written to it"
            )
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

    /// Samples per pixel for `image` (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA), as
    /// `png.channels` asks; `auto` drops alpha from opaque images. TIFF and OpenEXR.
    func channels(for image: Image) -> Int {
        switch png.channels {
        case .auto: return image.isOpaque ? 3 : 4
        case .rgba: return 4
        case .rgb: return 3
        case .gray: return 1
        case .graya: return 2
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
