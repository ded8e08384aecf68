import Foundation

/// A point kernel from a per-pixel function of one input.
public struct MapKernel: PointKernel {
    let function: @Sendable (Pixel) -> Pixel
    public let preservesAlpha: Bool
    public init(preservesAlpha: Bool = true, _ function: @escaping @Sendable (Pixel) -> Pixel) {
        self.function = function; self.preservesAlpha = preservesAlpha
    }
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        for i in 0..<count { dst[i] = function(dst[i]) }
    }
}

/// Porter-Duff source over on premultiplied colour: s + b·(1 − αs).
public struct SourceOverKernel: PointKernel {
    public init() {}
    public var preservesAlpha: Bool { false }
    public func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int) {
        let b = others[0]
        for i in 0..<count { dst[i] = dst[i] + b[i] * (1 - dst[i].w) }
    }
}

extension SIMD4 where Scalar == Float {
    /// Straight (unpremultiplied) colour; alpha in `w`, zero colour where alpha is zero.
    @inline(__always) public var unpremultiplied: Pixel {
        w > 0 ? Pixel(x / w, y / w, z / w, w) : .zero
    }

    /// Premultiplies a straight colour by its alpha.
    @inline(__always) public var premultiplied: Pixel { Pixel(x * w, y * w, z * w, w) }
}

extension Image {
    /// This image through a per-pixel function (fused with neighbouring point nodes).
    public func mapped(preservesAlpha: Bool = true, _ function: @escaping @Sendable (Pixel) -> Pixel) -> Image {
        Image(PointNode([self], MapKernel(preservesAlpha: preservesAlpha, function)))
    }
}
