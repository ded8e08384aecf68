import CPNGShim
import Foundation
import PixelCore

/// Decoded PNG samples before colour conversion: RGBA, 8 or 16 bits, top row first.
public struct RawImage {
    public var width: Int, height: Int
    public var bitDepth: Int
    public var samples8: [UInt8] = []
    public var samples16: [UInt16] = []
    public var curve: Transfer.Curve
    /// True when the file has no alpha channel and no tRNS (every pixel opaque).
    public var opaque: Bool
}

/// How stored samples map to the working space.
public enum WorkingSpace: String, Sendable {
    /// Linearise sRGB/gAMA samples at the source, encode to sRGB at the sink.
    case linear
    /// Keep stored values as they are (Core Image's `kCIContextWorkingColorSpace = NSNull`).
    case none
}

/// PNG reading through libpng: every colour type and depth, palettes, tRNS, interlacing.
public enum PNGDecoder {
    /// Largest ancillary chunk (bytes, stored or decompressed) a PNG may hold.
    nonisolated(unsafe) public static var maxChunkBytes = 8 << 20

    /// Decodes PNG bytes to RGBA samples; `name` labels errors. Throws exit 3/4/5 errors.
    public static func decode(_ data: [UInt8], name: String) throws -> RawImage {
        try data.withUnsafeBytes { bytes -> RawImage in
            try reading(bytes, name: name, addAlpha: true) { r, info, opaque in
                let w = Int(info.width), h = Int(info.height)
                var raw = RawImage(width: w, height: h, bitDepth: Int(info.bit_depth), curve: curveFor(info), opaque: opaque)
                if info.bit_depth == 16 {
                    raw.samples16 = [UInt16](repeating: 0, count: w * h * 4)
                    try raw.samples16.withUnsafeMutableBytes { try check(lp_read_image(r, $0.baseAddress, w * 8), r, name) }
                } else {
                    raw.samples8 = [UInt8](repeating: 0, count: w * h * 4)
                    try raw.samples8.withUnsafeMutableBytes { try check(lp_read_image(r, $0.baseAddress, w * 4), r, name) }
                }
                return raw
            }
        }
    }

    /// Runs `body` with a libpng reader past the header of the PNG in `bytes` (RGB or RGBA
    /// rows; RGBA always when `addAlpha`), its header, and whether every pixel is opaque.
    static func reading<T>(
        _ bytes: UnsafeRawBufferPointer, name: String, addAlpha: Bool,
        _ body: (OpaquePointer, lp_info, Bool) throws -> T
    ) throws -> T {
        let layout = try PNGChunks.scan(bytes, name: name)
        guard let r = lp_reader_new(bytes.baseAddress, bytes.count, 0x7fff_ffff, maxChunkBytes) else {
            throw LunetteError.io("\(name): out of memory")
        }
        defer { lp_reader_free(r) }
        var info = lp_info()
        try check(lp_read_info_channels(r, &info, addAlpha ? 1 : 0), r, name)
        try Limits.check(width: Int(info.width), height: Int(info.height), what: name)
        let ct = info.color_type
        return try body(r, info, (ct == 0 || ct == 2 || ct == 3) && !layout.hasTransparency)
    }

    static func check(_ status: Int32, _ r: OpaquePointer, _ name: String) throws {
        guard status != LP_OK else { return }
        let why = String(cString: lp_reader_error(r))
        if status == LP_TRUNCATED { throw LunetteError(.truncated, "\(name): truncated PNG (\(why))") }
        throw LunetteError.invalid("\(name): invalid PNG (\(why))")
    }

    /// sRGB chunk, or an ICC profile (treated as sRGB), or gAMA; no colour chunk means sRGB.
    /// A gAMA within 1 % of 1/2.2 is taken as sRGB, as libpng's simplified API does.
    static func curveFor(_ info: lp_info) -> Transfer.Curve {
        if info.has_srgb != 0 || info.has_iccp != 0 || info.has_gamma == 0 || info.gamma <= 0 { return .srgb }
        if abs(info.gamma * 2.2 - 1) < 0.01 { return .srgb }
        if abs(info.gamma - 1) < 1e-3 { return .linear }
        return .gamma(info.gamma)
    }
}

extension RawImage {
    /// The samples as a working-space image (rows flipped to Core Image's bottom-up order).
    public func image(_ space: WorkingSpace = .linear) -> Image {
        let buffer = PixelBuffer(IRect(0, 0, width, height))
        let rgba = SampleDecoder(channels: 4, bitDepth: bitDepth, curve: space == .none ? .linear : curve)
        for y in 0..<height {
            let dst = buffer.row(height - 1 - y)
            if bitDepth == 16 {
                samples16.withUnsafeBytes { rgba.convert($0.baseAddress! + y * width * 8, from: 0, count: width, into: dst) }
            } else {
                samples8.withUnsafeBytes { rgba.convert($0.baseAddress! + y * width * 4, from: 0, count: width, into: dst) }
            }
        }
        return Image(SourceNode(buffer, opaque: opaque))
    }
}
