import Foundation
import PixelCore

/// A minimal bitmap `CGContext`: pixels in memory (yours or its own), drawn into with
/// `draw(_:in:)`, `fill(_:)` and a `CIContext(cgContext:)`, read back with `makeImage()` or
/// `data`. Layouts: 8-bit RGBA (alpha last, first or skipped; BGRA with
/// `.byteOrder32Little`), 8-bit gray, and 16/32-bit float RGBA. Coordinates are Core
/// Graphics': origin bottom-left, so the first row in memory is the top one.
///
/// ```swift
/// let ctx = CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
///                     space: CGColorSpaceCreateDeviceRGB(),
///                     bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
/// ctx.draw(cgImage, in: CGRect(x: 0, y: 0, width: 64, height: 64))
/// let thumbnail = ctx.makeImage()
/// ```
public final class CGContext: @unchecked Sendable {
    public let width: Int, height: Int, bytesPerRow: Int, bitsPerComponent: Int
    public let colorSpace: CGColorSpace?
    public let bitmapInfo: CGBitmapInfo
    /// The pixels, `bytesPerRow` apart, top row first.
    public let data: UnsafeMutableRawPointer?
    let format: CIFormat
    private let owned: Bool
    private var fill: CGColor = .black
    public var interpolationQuality: Int32 = 0

    /// A bitmap context, or nil for a layout Lunette does not draw into. `data` nil
    /// allocates (zeroed); `bytesPerRow` 0 computes it.
    public init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: UInt32
    ) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, let format = Self.format(bitsPerComponent, space, info) else { return nil }
        let rowBytes = bytesPerRow == 0 ? width * format.bytesPerPixel : bytesPerRow
        guard rowBytes >= width * format.bytesPerPixel else { return nil }
        self.width = width; self.height = height; self.bitsPerComponent = bitsPerComponent
        self.bytesPerRow = rowBytes; colorSpace = space; self.bitmapInfo = info; self.format = format
        if let data {
            self.data = data; owned = false
        } else {
            let p = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 16)
            p.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
            self.data = p; owned = true
        }
    }

    deinit { if owned { data?.deallocate() } }

    public var bitsPerPixel: Int { format.bytesPerPixel * 8 }
    public var alphaInfo: CGImageAlphaInfo { CGImageAlphaInfo(rawValue: bitmapInfo.rawValue & 0x1f) ?? .none }

    static func format(_ bits: Int, _ space: CGColorSpace, _ info: CGBitmapInfo) -> CIFormat? {
        let alpha = CGImageAlphaInfo(rawValue: info.rawValue & 0x1f)
        let little = info.contains(.byteOrder32Little)
        if space.model == .monochrome { return bits == 8 && alpha == CGImageAlphaInfo.none ? .L8 : nil }
        switch (bits, alpha, info.contains(.floatComponents)) {
        case (8, .premultipliedLast?, false), (8, .noneSkipLast?, false): return little ? .ABGR8 : .RGBA8
        case (8, .premultipliedFirst?, false), (8, .noneSkipFirst?, false): return little ? .BGRA8 : .ARGB8
        case (16, .premultipliedLast?, true): return .RGBAh
        case (32, .premultipliedLast?, true): return .RGBAf
        default: return nil
        }
    }

    /// The current pixels as an image in Core Image coordinates.
    var contents: CIImage {
        let bytes = UnsafeRawBufferPointer(start: data, count: bytesPerRow * height)
        return CIImage(
            image: CIImage.source(
                bytes, width: width, height: height, bytesPerRow: bytesPerRow,
                format: format, colorSpace: colorSpace))
    }

    /// Replaces the pixels with `image` (rendered over the whole bitmap).
    func store(_ image: CIImage) {
        guard let data, let buffer = try? Context().render(image.image, rect: IRect(0, 0, width, height)) else { return }
        CIContext.write(buffer, to: data, rowBytes: bytesPerRow, format: format, colorSpace: colorSpace)
    }

    /// Draws `image` scaled into `rect`, over what is there (source over).
    public func draw(_ image: CGImage, in rect: CGRect) {
        let source = CIImage(cgImage: image)
        let t = CGAffineTransform(scaleX: rect.width / CGFloat(image.width), y: rect.height / CGFloat(image.height))
            .concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY))
        drawOver(source.transformed(by: t))
    }

    func drawOver(_ image: CIImage) { store(image.composited(over: contents)) }

    public func setFillColor(_ color: CGColor) { fill = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        fill = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Fills `rect` with the fill colour, over what is there.
    public func fill(_ rect: CGRect) { drawOver(CIImage(color: CIColor(cgColor: fill)).cropped(to: rect)) }

    /// Makes `rect` transparent (black where the layout has no alpha).
    public func clear(_ rect: CGRect) {
        store(
            contents.applyingFilter(
                "CISourceOutCompositing",
                parameters: [kCIInputBackgroundImageKey: CIImage(color: .white).cropped(to: rect)]))
    }

    /// A copy of the pixels as a `CGImage`.
    public func makeImage() -> CGImage? {
        guard let data else { return nil }
        return CGImage(
            width: width, height: height, format: format, bytesPerRow: bytesPerRow, colorSpace: colorSpace,
            bytes: Data(bytes: data, count: bytesPerRow * height))
    }
}

extension CIContext {
    /// A context that draws into a bitmap `CGContext` (`draw(_:in:from:)`).
    public convenience init(cgContext: CGContext, options: [CIContextOption: Any]? = nil) {
        self.init(options: options)
        target = cgContext
    }

    /// Renders `fromRect` of `image` scaled into `inRect` of the context's `CGContext`,
    /// over what is there; nothing for a context made without one.
    public func draw(_ image: CIImage, in inRect: CGRect, from fromRect: CGRect) {
        guard let target, !fromRect.isInfinite, fromRect.width > 0, fromRect.height > 0 else { return }
        let t = CGAffineTransform(translationX: -fromRect.minX, y: -fromRect.minY)
            .concatenating(CGAffineTransform(scaleX: inRect.width / fromRect.width, y: inRect.height / fromRect.height))
            .concatenating(CGAffineTransform(translationX: inRect.minX, y: inRect.minY))
        target.drawOver(image.cropped(to: fromRect).transformed(by: t))
    }
}
