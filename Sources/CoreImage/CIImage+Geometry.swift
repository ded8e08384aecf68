import Foundation
import PixelCore

extension CIImage {
    /// The image inside `rect` only (transparent outside), as Lunette's `cropped(to:)`.
    public func cropped(to rect: CGRect) -> CIImage { CIImage(image: image.cropped(to: rect.lunette)) }

    /// The edge pixels extended forever: blur a clamped image, then crop it back.
    ///
    /// ```swift
    /// let soft = image.clampedToExtent().applyingGaussianBlur(sigma: 4).cropped(to: image.extent)
    /// ```
    public func clampedToExtent() -> CIImage { CIImage(image: image.clampedToExtent()) }

    /// The image inside `rect`, its edge pixels there extended forever.
    public func clamped(to rect: CGRect) -> CIImage { CIImage(image: image.cropped(to: rect.lunette).clampedToExtent()) }

    /// The same pixels, read without interpolation by later transforms and warps.
    ///
    /// ```swift
    /// let crisp = sprite.samplingNearest().transformed(by: CGAffineTransform(scaleX: 8, y: 8))
    /// ```
    public func samplingNearest() -> CIImage { CIImage(image: image.samplingNearest()) }

    /// The same pixels, interpolated bilinearly by later transforms and warps (the default).
    public func samplingLinear() -> CIImage { CIImage(image: image.samplingLinear()) }

    /// The image moved by an affine transform (bilinear sampling).
    public func transformed(by t: CGAffineTransform) -> CIImage { CIImage(image: image.transformed(by: t.lunette)) }

    /// As `transformed(by:)`; a large downsample is filtered by Lunette's Lanczos scale
    /// rather than sampled when `highQualityDownsample` is true.
    public func transformed(by t: CGAffineTransform, highQualityDownsample: Bool) -> CIImage {
        let sx = (t.a * t.a + t.b * t.b).squareRoot(), sy = (t.c * t.c + t.d * t.d).squareRoot()
        guard highQualityDownsample, t.b == 0, t.c == 0, sx < 1, sy < 1, !extent.isInfinite,
            let scaled = applyingFilterIfPresent("CILanczosScaleTransform", ["inputScale": sy, "inputAspectRatio": sx / sy])
        else { return transformed(by: t) }
        let placed = CGAffineTransform(
            translationX: t.tx + extent.minX * t.a - scaled.extent.minX,
            y: t.ty + extent.minY * t.d - scaled.extent.minY)
        return scaled.transformed(by: placed)
    }

    /// The image turned so that one stored in `orientation` shows upright; its extent
    /// starts where this one's does.
    ///
    /// ```swift
    /// let upright = photo.oriented(CGImagePropertyOrientation(rawValue: exifValue) ?? .up)
    /// ```
    public func oriented(_ orientation: CGImagePropertyOrientation) -> CIImage {
        transformed(by: orientationTransform(for: orientation))
    }

    /// `oriented(_:)` by EXIF number (1–8; others leave the image as it is).
    public func oriented(forExifOrientation value: Int32) -> CIImage {
        guard let o = CGImagePropertyOrientation(rawValue: UInt32(max(0, value))) else { return self }
        return oriented(o)
    }

    /// The transform `oriented(_:)` applies.
    public func orientationTransform(for orientation: CGImagePropertyOrientation) -> CGAffineTransform {
        let e = extent
        guard !e.isInfinite, !e.isNull else { return .identity }
        let w = e.width, h = e.height
        let turn: CGAffineTransform
        switch orientation {
        case .up: return .identity
        case .upMirrored: turn = CGAffineTransform(-1, 0, 0, 1, w, 0)
        case .down: turn = CGAffineTransform(-1, 0, 0, -1, w, h)
        case .downMirrored: turn = CGAffineTransform(1, 0, 0, -1, 0, h)
        case .leftMirrored: turn = CGAffineTransform(0, -1, -1, 0, h, w)
        case .right: turn = CGAffineTransform(0, -1, 1, 0, 0, w)
        case .rightMirrored: turn = CGAffineTransform(0, 1, 1, 0, 0, 0)
        case .left: turn = CGAffineTransform(0, 1, -1, 0, h, 0)
        }
        return CGAffineTransform(translationX: -e.minX, y: -e.minY).concatenating(turn)
            .concatenating(CGAffineTransform(translationX: e.minX, y: e.minY))
    }

    /// This image over `background` (Core Image's source-over compositing).
    public func composited(over background: CIImage) -> CIImage {
        applyingFilter("CISourceOverCompositing", parameters: [kCIInputBackgroundImageKey: background])
    }

    /// The image through a filter by name, `self` as its `inputImage`; the empty image when
    /// the filter is unknown or a parameter is not valid (as Apple's returns an empty image).
    ///
    /// ```swift
    /// let sepia = image.applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 0.8])
    /// ```
    public func applyingFilter(_ name: String, parameters: [String: Any]) -> CIImage {
        applyingFilterIfPresent(name, parameters) ?? .empty()
    }

    public func applyingFilter(_ name: String) -> CIImage { applyingFilter(name, parameters: [:]) }

    func applyingFilterIfPresent(_ name: String, _ parameters: [String: Any]) -> CIImage? {
        guard let f = CIFilter(name: name) else { return nil }
        f.setValue(self, forKey: kCIInputImageKey)
        for (k, v) in parameters { f.setValue(v, forKey: k) }
        return f.outputImage
    }

    /// A Gaussian blur of standard deviation `sigma` (CIGaussianBlur's radius).
    public func applyingGaussianBlur(sigma: Double) -> CIImage {
        applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
    }

    /// Opaque inside `rect` (colour kept as stored), transparent outside.
    public func settingAlphaOne(in rect: CGRect) -> CIImage {
        CIImage(image: image.mapped(preservesAlpha: false) { Pixel($0.x, $0.y, $0.z, 1) }.cropped(to: rect.lunette))
    }

    /// The values read as straight colour and premultiplied by their alpha.
    public func premultiplyingAlpha() -> CIImage { CIImage(image: image.mapped(preservesAlpha: true) { $0.premultiplied }) }

    /// The colour divided by alpha (straight colour in a premultiplied pipeline).
    public func unpremultiplyingAlpha() -> CIImage { CIImage(image: image.mapped(preservesAlpha: true) { $0.unpremultiplied }) }

    /// An image carrying `properties` instead of its own.
    public func settingProperties(_ properties: [String: Any]) -> CIImage {
        CIImage(image: image, properties: properties, url: url)
    }
}
