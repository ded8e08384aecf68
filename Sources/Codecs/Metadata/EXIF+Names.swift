import Foundation
import PixelCore

/// Tag names shown in `img.properties` (Core Image's kCGImageProperty… keys without the prefix).
extension EXIF {
    static let tiffNames: [Int: String] = [
        0x010e: "ImageDescription", 0x010f: "Make", 0x0110: "Model", 0x0112: "Orientation",
        0x011a: "XResolution", 0x011b: "YResolution", 0x0128: "ResolutionUnit", 0x0131: "Software",
        0x0132: "DateTime", 0x013b: "Artist", 0x8298: "Copyright",
    ]
    static let exifNames: [Int: String] = [
        0x829a: "ExposureTime", 0x829d: "FNumber", 0x8822: "ExposureProgram", 0x8827: "ISOSpeedRatings",
        0x9003: "DateTimeOriginal", 0x9004: "DateTimeDigitized", 0x9010: "OffsetTime",
        0x9201: "ShutterSpeedValue", 0x9202: "ApertureValue", 0x9204: "ExposureBiasValue",
        0x9207: "MeteringMode", 0x9209: "Flash", 0x920a: "FocalLength", 0xa001: "ColorSpace",
        0xa002: "PixelXDimension", 0xa003: "PixelYDimension", 0xa405: "FocalLenIn35mmFilm",
        0xa433: "LensMake", 0xa434: "LensModel", 0xa402: "ExposureMode", 0xa403: "WhiteBalance",
    ]
    static let gpsNames: [Int: String] = [
        0x0001: "LatitudeRef", 0x0002: "Latitude", 0x0003: "LongitudeRef", 0x0004: "Longitude",
        0x0005: "AltitudeRef", 0x0006: "Altitude", 0x0007: "TimeStamp", 0x001d: "DateStamp",
        0x0010: "ImgDirectionRef", 0x0011: "ImgDirection", 0x000c: "SpeedRef", 0x000d: "Speed",
    ]

    /// Latitude and Longitude as decimal degrees (Core Image's form), from degrees,
    /// minutes, seconds.
    static func addDegrees(_ gps: inout [String: PropertyValue]) {
        for key in ["Latitude", "Longitude"] {
            guard case .list(let parts)? = gps[key], parts.count == 3 else { continue }
            let d = parts.compactMap { if case .number(let v) = $0 { return v } else { return nil } }
            guard d.count == 3 else { continue }
            gps[key] = .number(d[0] + d[1] / 60 + d[2] / 3600)
        }
    }

    /// The metadata of a file with this EXIF block (orientation, grouped fields).
    public func metadata() -> ImageMetadata {
        var m = ImageMetadata(exif: bytes)
        m.orientation = orientation
        m.properties["Orientation"] = .number(Double(orientation))
        if !tiff.isEmpty { m.properties["TIFF"] = .dictionary(tiff) }
        if !exif.isEmpty { m.properties["Exif"] = .dictionary(exif) }
        if !gps.isEmpty { m.properties["GPS"] = .dictionary(gps) }
        return m
    }
}
