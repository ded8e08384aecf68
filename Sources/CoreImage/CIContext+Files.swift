import Codecs
import Foundation
import PixelCore

extension CIContext {
    /// PNG file bytes of the image's extent, converted into `colorSpace` (its profile
    /// embedded unless sRGB); `.RGBA16`/`.RGBAh`/`.RGBAf` write 16-bit samples. nil for an
    /// infinite image (crop it first).
    ///
    /// ```swift
    /// let png = context.pngRepresentation(of: image, format: .RGBA8, colorSpace: CGColorSpace(name: CGColorSpace.sRGB)!)
    /// ```
    public func pngRepresentation(
        of image: CIImage, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) -> Data? {
        try? encode(image, .png, format: format, colorSpace: colorSpace, options: options)
    }

    /// JPEG file bytes; quality from `.lossyCompressionQuality` (0…1, default 0.9).
    public func jpegRepresentation(
        of image: CIImage, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) -> Data? {
        try? encode(image, .jpeg, format: .RGBA8, colorSpace: colorSpace, options: options)
    }

    /// HEIF file bytes (Debian's libheif with x265); nil where no HEIF encoder is installed.
    public func heifRepresentation(
        of image: CIImage, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) -> Data? {
        guard ImageFormat.heif.canWrite else { return nil }
        return try? encode(image, .heif, format: format, colorSpace: colorSpace, options: options)
    }

    /// TIFF file bytes (8-bit, or 16-bit for the deeper formats).
    public func tiffRepresentation(
        of image: CIImage, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) -> Data? {
        try? encode(image, .tiff, format: format, colorSpace: colorSpace, options: options)
    }

    /// Writes a PNG file atomically; throws Lunette's error (its message says what failed).
    public func writePNGRepresentation(
        of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) throws {
        try write(image, .png, to: url, format: format, colorSpace: colorSpace, options: options)
    }

    public func writeJPEGRepresentation(
        of image: CIImage, to url: URL, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) throws {
        try write(image, .jpeg, to: url, format: .RGBA8, colorSpace: colorSpace, options: options)
    }

    public func writeHEIFRepresentation(
        of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) throws {
        try write(image, .heif, to: url, format: format, colorSpace: colorSpace, options: options)
    }

    public func writeTIFFRepresentation(
        of image: CIImage, to url: URL, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any] = [:]
    ) throws {
        try write(image, .tiff, to: url, format: format, colorSpace: colorSpace, options: options)
    }

    /// Lunette's save options for a representation.
    func saveOptions(
        _ kind: ImageFormat, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any]
    ) -> SaveOptions {
        var o = SaveOptions()
        o.format = kind
        o.colorSpace = colorSpace.output
        o.png.depth = format.componentBytes > 1 ? 16 : 8
        if colorSpace.model == .monochrome { o.png.channels = .auto }
        if let q = options[.lossyCompressionQuality], case .number(let d)? = CIFilter.filterValue(q) {
            o.quality = min(100, max(1, Int((d * 100).rounded())))
        }
        return o
    }

    func encode(
        _ image: CIImage, _ kind: ImageFormat, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any]
    ) throws -> Data {
        let o = saveOptions(kind, format: format, colorSpace: colorSpace, options: options)
        return Data(try ImageWriter.encode(image.image, format: kind, options: o, context: renderer))
    }

    func write(
        _ image: CIImage, _ kind: ImageFormat, to url: URL, format: CIFormat, colorSpace: CGColorSpace,
        options: [CIImageRepresentationOption: Any]
    ) throws {
        let o = saveOptions(kind, format: format, colorSpace: colorSpace, options: options)
        try ImageWriter.write(image.image, to: url.path, options: o, context: renderer)
    }
}
