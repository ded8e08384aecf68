import CColorShim
import Foundation
import PixelCore

/// PNG colour management and orientation: a cICP chunk, an iCCP profile, or cHRM primaries with gAMA,
/// converts the stored values through Little CMS (sRGB and plain gAMA keep the fast
/// tables); an eXIf block's orientation turns the pixels upright.
/// Lua: `Image.load("p3.png")` gives working-space pixels of a Display P3 file.
extension PNGDecoder {
    /// Decodes a PNG honouring its colour chunks and EXIF orientation.
    static func managedImage(_ data: [UInt8], name: String, options: LoadOptions) throws -> Image {
        let layout = try data.withUnsafeBytes { try PNGChunks.scan($0, name: name) }
        var profile: ColorProfile?
        if options.space == .linear, layout.needsColorManagement {
            if let c = layout.cicp {
                profile = ColorProfile.cicp(primaries: c.primaries, transfer: c.transfer, name: name, what: "cICP")
            } else if let payload = layout.iccp {
                if let icc = inflateICC(payload) {
                    profile = ColorProfile.embedded(icc, name: name)
                } else {
                    ColorProfile.warn("\(name): damaged iCCP chunk; treated as sRGB")
                }
            } else if let c = layout.chrm {
                let gamma = layout.gama.map { 1 / $0 } ?? 2.2
                profile = ColorProfile.rgb(
                    white: (c[0], c[1]), red: (c[2], c[3]), green: (c[4], c[5]), blue: (c[6], c[7]), gamma: gamma)
            }
        }
        let space: WorkingSpace = profile != nil ? .none : options.space
        var image = try PNGDecoder.image(data, name: name, space: space)
        let exif = layout.exif.flatMap { EXIF($0) }
        let orientation = options.orient ? exif?.orientation ?? 1 : 1
        let w = Int(image.extent.width), h = Int(image.extent.height)
        var metadata = exif?.metadata() ?? ImageMetadata()
        metadata.orientationApplied = orientation != 1
        metadata.properties["Orientation"] = .number(Double(metadata.orientation))
        metadata.properties["Format"] = .string("png")
        metadata.properties["PixelWidth"] = .number(Double(orientation >= 5 ? h : w))
        metadata.properties["PixelHeight"] = .number(Double(orientation >= 5 ? w : h))
        if let profile { metadata.properties["ProfileName"] = .string(profile.description) }
        guard profile != nil || orientation != 1 else { return image.withMetadata(metadata) }
        let buffer = try Context(threads: 1).render(image, rect: IRect(0, 0, w, h))
        if let profile { ColorConversion.toWorking(buffer, from: profile) }
        if orientation == 1 { return Image(SourceNode(buffer, opaque: image.isOpaque)).withMetadata(metadata) }
        let sink = try RasterSink(width: w, height: h, orientation: orientation, name: name)
        for y in 0..<h { sink.put(pixels: buffer.row(h - 1 - y), y: y) }
        image = Image(SourceNode(sink.buffer, opaque: image.isOpaque))
        return image.withMetadata(metadata)
    }

    /// The profile inside an iCCP payload (at most 16 MiB), or nil when it does not inflate.
    static func inflateICC(_ payload: [UInt8]) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        let n = payload.withUnsafeBufferPointer {
            lc_iccp_inflate($0.baseAddress, $0.count, min(16 << 20, maxChunkBytes * 4), &out)
        }
        defer { lc_free(out) }
        guard n > 0, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: n))
    }
}
