import Codecs
import Foundation
import PixelCore

/// Core Image's renderer: turns a `CIImage` recipe into pixels, a `CGImage` or file bytes.
/// Lunette renders on the CPU, in tiles on every core, in float linear sRGB (Core Image's
/// default working space). One context may be shared by any number of threads and tasks,
/// as on Apple's platforms; make one and keep it.
///
/// ```swift
/// let context = CIContext()
/// let cg = context.createCGImage(output, from: output.extent)
/// try context.writePNGRepresentation(of: output, to: url, format: .RGBA8,
///                                    colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
/// ```
public final class CIContext: @unchecked Sendable {
    let renderer: Context
    /// The space `createCGImage(_:from:)` converts into (option `.outputColorSpace`, default sRGB).
    let outputSpace: CGColorSpace
    public let options: [CIContextOption: Any]
    /// The bitmap `draw(_:in:from:)` renders into (`init(cgContext:options:)`); set once.
    var target: CGContext?

    public init(options: [CIContextOption: Any]? = nil) {
        self.options = options ?? [:]
        renderer = Context()
        outputSpace = (options?[.outputColorSpace] as? CGColorSpace) ?? CGColorSpace(name: CGColorSpace.sRGB)!
    }
    public convenience init() { self.init(options: nil) }

    /// The working space: always extended linear sRGB in Lunette.
    public var workingColorSpace: CGColorSpace? { CGColorSpace(name: CGColorSpace.extendedLinearSRGB) }
    /// The working format: always 32-bit float RGBA in Lunette.
    public var workingFormat: CIFormat { .RGBAf }

    /// Lunette keeps no caches between renders; nothing to clear.
    public func clearCaches() {}
    public func reclaimResources() {}

    /// Renders `bounds` of an image into a working-space buffer (transparent outside its extent).
    func buffer(_ image: CIImage, bounds: CGRect) -> PixelBuffer? {
        let b = bounds.lunette
        guard !b.isInfinite, !b.isEmpty else { return nil }
        let rect = IRect(covering: b)
        return try? renderer.render(image.image, rect: rect)
    }

    /// Renders `bounds` into memory in `format`, top row first, `rowBytes` apart, converted
    /// into `colorSpace` (nil: working-space values as they are). Colour formats are
    /// premultiplied; values outside the image are transparent black.
    ///
    /// ```swift
    /// var rgba = [UInt8](repeating: 0, count: 4 * 64 * 64)
    /// context.render(image, toBitmap: &rgba, rowBytes: 4 * 64, bounds: CGRect(x: 0, y: 0, width: 64, height: 64),
    ///                format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB))
    /// ```
    public func render(
        _ image: CIImage, toBitmap data: UnsafeMutableRawPointer, rowBytes: Int, bounds: CGRect,
        format: CIFormat, colorSpace: CGColorSpace?
    ) {
        guard format.isKnown, let buffer = buffer(image, bounds: bounds) else { return }
        guard rowBytes >= buffer.width * format.bytesPerPixel else { return }
        Self.write(buffer, to: data, rowBytes: rowBytes, format: format, colorSpace: colorSpace)
    }

    /// Converts and packs a rendered buffer, top row first, in bands on every core. sRGB is
    /// encoded per pixel here (opaque pixels of 8-bit formats through the writers' table, so
    /// they match the CLI's PNG and JPEG samples); other spaces go through Little CMS first.
    static func write(
        _ buffer: PixelBuffer, to data: UnsafeMutableRawPointer, rowBytes: Int, format: CIFormat,
        colorSpace: CGColorSpace?
    ) {
        let srgb = colorSpace?.output == .srgb
        if let colorSpace, !srgb { colorSpace.output.encodeFromWorking(buffer) }
        let h = buffer.height, w = buffer.width, bpp = format.bytesPerPixel
        let table = format.componentBytes == 1
        let bands = max(1, min(h, ProcessInfo.processInfo.activeProcessorCount * 2))
        nonisolated(unsafe) let base = data
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            for y in band * h / bands..<(band + 1) * h / bands {
                let row = buffer.row(h - 1 - y)
                let dst = base.advanced(by: y * rowBytes)
                for x in 0..<w {
                    let p = srgb ? encodeSRGB(row[x], table: table) : row[x]
                    format.store(p, to: dst.advanced(by: x * bpp))
                }
            }
        }
    }

    /// A working-space pixel as premultiplied sRGB-encoded values (extended range kept).
    @inline(__always) static func encodeSRGB(_ p: Pixel, table: Bool) -> Pixel {
        guard p.w > 0 else { return Pixel(0, 0, 0, p.w) }
        if table, p.w >= 1 {
            return Pixel(Float(Transfer.encode8(p.x)), Float(Transfer.encode8(p.y)), Float(Transfer.encode8(p.z)), 255) / 255
        }
        @inline(__always) func f(_ v: Float) -> Float {
            let e = Float(Transfer.linearToSRGB(Double(abs(v) / p.w)))
            return (v < 0 ? -e : e) * p.w
        }
        return Pixel(f(p.x), f(p.y), f(p.z), p.w)
    }

    /// The pixels of `rect` as a `CGImage` in the context's output space (sRGB unless the
    /// context was made with `.outputColorSpace`), 8-bit RGBA premultiplied.
    public func createCGImage(_ image: CIImage, from rect: CGRect) -> CGImage? {
        createCGImage(image, from: rect, format: .RGBA8, colorSpace: outputSpace)
    }

    /// The pixels of `rect` as a `CGImage` in `format` and `colorSpace`; nil for an infinite
    /// or empty rect or a render that fails (too large, cancelled).
    public func createCGImage(_ image: CIImage, from rect: CGRect, format: CIFormat, colorSpace: CGColorSpace?) -> CGImage? {
        guard format.isKnown, let buffer = buffer(image, bounds: rect) else { return nil }
        let rowBytes = buffer.width * format.bytesPerPixel
        var data = Data(count: rowBytes * buffer.height)
        data.withUnsafeMutableBytes {
            Self.write(buffer, to: $0.baseAddress!, rowBytes: rowBytes, format: format, colorSpace: colorSpace)
        }
        return CGImage(
            width: buffer.width, height: buffer.height, format: format, bytesPerRow: rowBytes,
            colorSpace: colorSpace ?? workingColorSpace, bytes: data)
    }
}
