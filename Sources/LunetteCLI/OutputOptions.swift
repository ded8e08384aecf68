import ArgumentParser
import Codecs
import Foundation
import Pipeline
import PixelCore

/// Image format options every command that loads or writes images shares: the output
/// format and its settings, the colour space, metadata, orientation, the TIFF page.
///   lunette apply in.heic -o out.jpg --quality 85 --colorspace display-p3
///   lunette apply scan.tif --page 2 -o page2.png --strip
struct OutputOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Output format: \(ImageFormat.nameList) (default: by the output's extension, png for -).",
            valueName: "name"))
    var format: String?

    @Option(help: "JPEG and lossy WebP quality, 1…100.")
    var quality: Int = 90

    @Flag(help: "JPEG: progressive scans.")
    var progressive = false

    @Option(help: "JPEG chroma subsampling: 420, 422 or 444.")
    var subsampling: Int = 420

    @Flag(
        help:
            "JPEG: optimised Huffman tables (files about 4 % smaller; libjpeg then holds the whole image's coefficients, 25 MB more at 4K)."
    )
    var optimize = false

    @Flag(help: "WebP: lossless.")
    var lossless = false

    @Option(name: .customLong("tiff-compression"), help: "TIFF compression: none, lzw or deflate.")
    var tiffCompression = "deflate"

    @Option(
        name: .customLong("colorspace"),
        help: ArgumentHelp(
            "Output colour space: srgb, display-p3, linear-srgb, adobe-rgb, rec2020 (profile embedded unless srgb).",
            valueName: "space"))
    var colorSpace = "srgb"

    @Flag(help: "Write no metadata (EXIF) to the output.")
    var strip = false

    @Flag(name: .customLong("no-orient"), help: "Keep stored pixels: do not apply the input's EXIF orientation.")
    var noOrient = false

    @Option(help: "Page of a multi-page TIFF input, 1-based.")
    var page: Int = 1

    @Option(help: "Decode a JPEG input at 1/2, 1/4 or 1/8 of its size (libjpeg's scaled IDCT): 1, 2, 4 or 8.")
    var shrink: Int = 1

    func validate() throws {
        if let format, ImageFormat.named(format)?.canWrite != true {
            throw ValidationError("unknown --format '\(format)' (formats: \(ImageFormat.writableList))")
        }
        guard (1...100).contains(quality) else { throw ValidationError("--quality must be 1…100") }
        guard [420, 422, 444].contains(subsampling) else { throw ValidationError("--subsampling must be 420, 422 or 444") }
        guard ["none", "lzw", "deflate"].contains(tiffCompression) else {
            throw ValidationError("--tiff-compression must be none, lzw or deflate")
        }
        guard OutputColorSpace(rawValue: colorSpace) != nil else {
            throw ValidationError("unknown --colorspace '\(colorSpace)' (\(OutputColorSpace.list))")
        }
        guard page >= 1 else { throw ValidationError("--page must be at least 1") }
        guard [1, 2, 4, 8].contains(shrink) else { throw ValidationError("--shrink must be 1, 2, 4 or 8") }
    }

    var loadOptions: LoadOptions {
        var o = LoadOptions(space: .linear, orient: !noOrient, page: page)
        o.scaleDenominator = shrink
        return o
    }

    /// The save options for an output; `metadata` is the input's (EXIF carried unless --strip).
    func saveOptions(_ png: PNGOptions = PNGOptions(), metadata: ImageMetadata? = nil) throws -> SaveOptions {
        var o = SaveOptions()
        o.format = format.flatMap(ImageFormat.named)
        o.png = png
        o.quality = quality
        o.progressive = progressive
        o.subsampling = subsampling
        o.lossless = lossless
        o.optimizeHuffman = optimize
        o.tiffCompression = tiffCompression
        o.colorSpace = try OutputColorSpace.named(colorSpace)
        o.strip = strip
        o.metadata = metadata
        return o
    }

    /// Checks the output's format before any work (a usage error, exit 1, lists the formats).
    func checkOutput(_ path: String) throws {
        _ = try ImageFormat.forOutput(path, explicit: format)
    }

    /// Batch output names: the default `{stem}.png` takes the extension of `--format` when
    /// given; a `--name` template is used as written.
    func nameTemplate(_ name: String) -> String {
        guard name == OutputName.default, let ext = format.flatMap(ImageFormat.named)?.extensions.first else { return name }
        return "{stem}." + ext
    }
}

extension OutputOptions {
    func batch(_ png: PNGOptions) throws -> BatchFormats {
        BatchFormats(load: loadOptions, save: try saveOptions(png))
    }
}
