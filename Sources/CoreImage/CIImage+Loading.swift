import Codecs
import Foundation
import PixelCore

extension CIImage {
    /// Loads PNG, JPEG, HEIF/HEIC/AVIF, WebP or TIFF; nil when the file is missing, damaged
    /// or in another format (`CIImage.lastLoadError` says why). Colour managed into the
    /// working space; upright only with `.applyOrientationProperty: true`, as on Apple's.
    ///
    /// ```swift
    /// guard let photo = CIImage(contentsOf: URL(fileURLWithPath: "IMG_0042.HEIC"),
    ///                           options: [.applyOrientationProperty: true]) else { return }
    /// ```
    public convenience init?(contentsOf url: URL, options: [CIImageOption: Any]? = nil) {
        guard let data = try? Data(contentsOf: url) else {
            Self.noteError("\(url.path): cannot read the file")
            return nil
        }
        self.init(data: data, name: url.path, url: url, options: options)
    }

    /// Decodes file bytes, as `init(contentsOf:options:)` does.
    public convenience init?(data: Data, options: [CIImageOption: Any]? = nil) {
        self.init(data: data, name: "data", url: nil, options: options)
    }

    private convenience init?(data: Data, name: String, url: URL?, options: [CIImageOption: Any]?) {
        var load = LoadOptions(space: .linear, orient: false)
        load.orient = Self.bool(options?[.applyOrientationProperty]) ?? false
        let space = options?[.colorSpace]
        if space is NSNull || space is CGColorSpace { load.space = .none }
        do {
            var image = try ImageIO.decode([UInt8](data), name: name, options: load)
            if let cs = space as? CGColorSpace {
                let meta = image.metadata
                image = Self.decoded(image, from: cs).withMetadata(meta)
            }
            var props = Self.properties(of: image)
            if let given = options?[.properties] as? [String: Any] { props = given }
            self.init(image: image, properties: props, url: url)
        } catch {
            Self.noteError("\(error)")
            return nil
        }
    }

    /// An image over a `CGImage`'s bitmap, colour managed from its colour space.
    public convenience init(cgImage: CGImage, options: [CIImageOption: Any]? = nil) {
        let data = cgImage.dataProvider?.data ?? Data()
        let image = data.withUnsafeBytes {
            Self.source(
                $0, width: cgImage.width, height: cgImage.height, bytesPerRow: cgImage.bytesPerRow,
                format: cgImage.format, colorSpace: cgImage.colorSpace ?? CGColorSpace(name: CGColorSpace.sRGB))
        }
        self.init(image: image)
    }

    /// An image over premultiplied pixels in `format`, top row first; `colorSpace` nil means
    /// the values are already in the working space (linear sRGB).
    public convenience init(
        bitmapData data: Data, bytesPerRow: Int, size: CGSize, format: CIFormat,
        colorSpace: CGColorSpace?
    ) {
        let w = Int(size.width), h = Int(size.height)
        let ok =
            format.isKnown && w > 0 && h > 0 && bytesPerRow >= w * format.bytesPerPixel
            && data.count >= bytesPerRow * (h - 1) + w * format.bytesPerPixel
        guard ok else { self.init(image: .empty); return }
        let image = data.withUnsafeBytes {
            Self.source($0, width: w, height: h, bytesPerRow: bytesPerRow, format: format, colorSpace: colorSpace)
        }
        self.init(image: image)
    }

    /// A source image from bytes (top row first) converted into the working space.
    static func source(
        _ bytes: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
        format: CIFormat, colorSpace: CGColorSpace?
    ) -> Image {
        guard width > 0, height > 0, bytes.count >= bytesPerRow * (height - 1) + width * format.bytesPerPixel else {
            return .empty
        }
        let buffer = PixelBuffer(IRect(0, 0, width, height))
        for y in 0..<height {
            let row = buffer.row(height - 1 - y)
            let src = bytes.baseAddress!.advanced(by: y * bytesPerRow)
            for x in 0..<width { row[x] = format.load(src.advanced(by: x * format.bytesPerPixel)) }
        }
        colorSpace?.output.decodeToWorking(buffer)
        let opaque = format.channels == 1 && format != .A8
        return Image(SourceNode(buffer, opaque: opaque))
    }

    /// Raw stored values (loaded without colour management) converted from `space`.
    static func decoded(_ raw: Image, from space: CGColorSpace) -> Image {
        guard let rect = try? Context.renderRect(for: raw), let buffer = try? Context().render(raw, rect: rect) else {
            return raw
        }
        space.output.decodeToWorking(buffer)
        return Image(SourceNode(buffer, opaque: raw.isOpaque))
    }

    static func bool(_ v: Any?) -> Bool? {
        switch v {
        case let b as Bool: return b
        case let n as NSNumber: return n.boolValue
        default: return nil
        }
    }

    private static let errorLock = NSLock()
    nonisolated(unsafe) private static var lastError: String?
    static func noteError(_ s: String) { errorLock.lock(); lastError = s; errorLock.unlock() }

    /// Why the last `init(contentsOf:)`/`init(data:)` returned nil (Apple's return nil too,
    /// without saying why; Lunette keeps the reason).
    public static var lastLoadError: String? { errorLock.lock(); defer { errorLock.unlock() }; return lastError }
}
