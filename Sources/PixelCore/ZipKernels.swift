import Foundation

/// A point kernel from a per-pixel function of two inputs (the first renders in place).
/// Lua: `img | CIUnsharpMask{}` fuses one over the image and its blur.
public struct Zip2Kernel: PointKernel {
    let function: @Sendable (Pixel, Pixel) -> Pixel
    public let preservesAlpha: Bool
    public init(preservesAlpha: Bool, _ function: @escaping @Sendable (Pixel, Pixel) -> Pixel) {
        self.function = function; self.preservesAlpha = preservesAlpha
    }
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let b = others[0]
        for i in 0..<count { dst[i] = function(dst[i], b[i]) }
    }
}

/// A point kernel from a per-pixel function of three inputs (the first renders in place).
/// Lua: `fg | CIBlendWithMask{backgroundImage = bg, maskImage = m}` fuses one.
public struct Zip3Kernel: PointKernel {
    let function: @Sendable (Pixel, Pixel, Pixel) -> Pixel
    public let preservesAlpha: Bool
    public init(preservesAlpha: Bool, _ function: @escaping @Sendable (Pixel, Pixel, Pixel) -> Pixel) {
        self.function = function; self.preservesAlpha = preservesAlpha
    }
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let b = others[0], c = others[1]
        for i in 0..<count { dst[i] = function(dst[i], b[i], c[i]) }
    }
}

extension Image {
    /// A fused point operation on this image and `other`, pixel by pixel; the extent is
    /// `extent` (default: this image's). Lua: `img | CIUnsharpMask{}` builds one of these.
    public func zipped(
        with other: Image, extent: Rect? = nil, preservesAlpha: Bool = false,
        _ function: @escaping @Sendable (Pixel, Pixel) -> Pixel
    ) -> Image {
        Image(PointNode([self, other], Zip2Kernel(preservesAlpha: preservesAlpha, function), extent: extent ?? self.extent))
    }

    /// A fused point operation on three images; the extent is `extent` (default: the union).
    /// Lua: `img | CIBlendWithMask{backgroundImage = bg, maskImage = m}` builds one of these.
    public func zipped(
        with b: Image, _ c: Image, extent: Rect? = nil, preservesAlpha: Bool = false,
        _ function: @escaping @Sendable (Pixel, Pixel, Pixel) -> Pixel
    ) -> Image {
        Image(PointNode([self, b, c], Zip3Kernel(preservesAlpha: preservesAlpha, function), extent: extent))
    }
}
