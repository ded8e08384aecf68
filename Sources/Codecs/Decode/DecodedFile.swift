import Foundation
import PixelCore

/// How to load a file. Lua: `Image.load(path, {colorSpace = false, orient = false})`;
/// CLI: `--no-orient`, `--page 2`.
public struct LoadOptions: Sendable {
    /// `.linear`: convert to the working space (colour managed); `.none`: raw stored values.
    public var space: WorkingSpace = .linear
    /// Apply the EXIF orientation (Core Image's applyOrientationProperty).
    public var orient = true
    /// The page of a multi-page TIFF, 1-based.
    public var page = 1
    /// JPEG only: shrink by 1, 2, 4 or 8 while decoding (libjpeg's scaled IDCT: far less
    /// work than decoding whole and scaling). Lua: `Image.load("big.jpg", {shrink = 4})`
    public var scaleDenominator = 1
    public init(space: WorkingSpace = .linear, orient: Bool = true, page: Int = 1) {
        self.space = space; self.orient = orient; self.page = page
    }
}

/// The parts of a load every decoder shares: the colour profile (parsed before the rows,
/// so integer samples go through the right table), the EXIF orientation, the pixel
/// buffer, and the metadata the loaded image carries.
struct DecodedFile {
    let name: String
    let format: ImageFormat
    let options: LoadOptions
    let exif: EXIF?
    let profile: ColorProfile?
    var orientation: Int

    init(
        name: String, format: ImageFormat, options: LoadOptions, exif: [UInt8]?, icc: [UInt8]?,
        profile builtin: ColorProfile? = nil
    ) {
        self.name = name; self.format = format; self.options = options
        self.exif = exif.flatMap { EXIF($0) }
        orientation = options.orient ? (self.exif?.orientation ?? 1) : 1
        if options.space == .none {
            profile = nil
        } else if let icc, !icc.isEmpty {
            profile = ColorProfile.embedded(icc, name: name)
        } else {
            profile = builtin
        }
    }

    /// The table integer samples go through: identity when a profile converts them
    /// afterwards or values stay raw, else the sRGB curve.
    var curve: Transfer.Curve { profile != nil || options.space == .none ? .linear : .srgb }

    /// The pixel buffer for a stored size (limits checked first).
    func sink(width: Int, height: Int) throws -> RasterSink {
        try RasterSink(width: width, height: height, orientation: orientation, name: name)
    }

    /// Converts through the profile and wraps the buffer as an image with its metadata.
    func finish(_ sink: RasterSink, opaque: Bool, extra: [String: PropertyValue] = [:]) -> Image {
        if let profile { ColorConversion.toWorking(sink.buffer, from: profile) }
        let m = metadata(width: sink.buffer.width, height: sink.buffer.height, extra: extra)
        return Image(SourceNode(sink.buffer, opaque: opaque)).withMetadata(m)
    }

    /// The metadata a loaded image of this (upright) size carries.
    func metadata(width: Int, height: Int, extra: [String: PropertyValue] = [:]) -> ImageMetadata {
        var metadata = exif?.metadata() ?? ImageMetadata()
        metadata.orientation = exif?.orientation ?? 1
        metadata.orientationApplied = orientation != 1
        metadata.properties["Orientation"] = .number(Double(metadata.orientation))
        metadata.properties["PixelWidth"] = .number(Double(width))
        metadata.properties["PixelHeight"] = .number(Double(height))
        metadata.properties["Format"] = .string(format.rawValue)
        if let profile { metadata.properties["ProfileName"] = .string(profile.description) }
        for (k, v) in extra { metadata.properties[k] = v }
        return metadata
    }
}
