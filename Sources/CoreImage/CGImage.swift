import Foundation

/// How a bitmap stores alpha (Core Graphics' `CGImageAlphaInfo`).
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0, premultipliedLast, premultipliedFirst, last, first, noneSkipLast, noneSkipFirst, alphaOnly
}

/// Bitmap layout flags: the alpha info in the low bits, byte order and float components.
public struct CGBitmapInfo: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1f)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public init(alphaInfo: CGImageAlphaInfo) { self.init(rawValue: alphaInfo.rawValue) }
}

/// Where a CGImage's bytes come from: here always memory.
public final class CGDataProvider: @unchecked Sendable {
    public let data: Data?
    public init?(data: Data) { self.data = data }
}

/// A minimal Core Graphics image: a bitmap in memory, top row first, with its layout and
/// colour space. `CIContext.createCGImage` makes them; `CIImage(cgImage:)` and a bitmap
/// `CGContext` read them. 8 bits per component (RGBA or gray) or 16/32-bit float RGBA.
///
/// ```swift
/// let cg = context.createCGImage(image, from: image.extent)!
/// print(cg.width, cg.height, cg.dataProvider!.data!.count)
/// ```
public final class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bytesPerRow: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    public let dataProvider: CGDataProvider?
    /// The format the bytes are in (for CIImage(cgImage:)).
    let format: CIFormat

    public var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & 0x1f) ?? .none }

    /// An image over `bytes` in one of the layouts `CIFormat` names.
    init(width: Int, height: Int, format: CIFormat, bytesPerRow: Int, colorSpace: CGColorSpace?, bytes: Data) {
        self.width = width; self.height = height; self.format = format
        bitsPerComponent = format.bitsPerComponent
        bitsPerPixel = format.bytesPerPixel * 8
        self.bytesPerRow = bytesPerRow
        self.colorSpace = colorSpace
        bitmapInfo = format.bitmapInfo
        dataProvider = CGDataProvider(data: bytes)
    }

    /// A copy holding the pixels inside `rect` (top-left origin, as Core Graphics crops).
    public func cropping(to rect: CGRect) -> CGImage? {
        let r = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !r.isNull, r.width > 0, r.height > 0, let data = dataProvider?.data else { return nil }
        let bpp = format.bytesPerPixel, w = Int(r.width), h = Int(r.height)
        var out = Data(count: w * h * bpp)
        out.withUnsafeMutableBytes { dst in
            data.withUnsafeBytes { src in
                for y in 0..<h {
                    let from = (Int(r.minY) + y) * bytesPerRow + Int(r.minX) * bpp
                    dst.baseAddress!.advanced(by: y * w * bpp).copyMemory(
                        from: src.baseAddress!.advanced(by: from), byteCount: w * bpp)
                }
            }
        }
        return CGImage(width: w, height: h, format: format, bytesPerRow: w * bpp, colorSpace: colorSpace, bytes: out)
    }
}
