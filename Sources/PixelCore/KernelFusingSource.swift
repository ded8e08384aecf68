import Foundation

/// A source that runs the point kernels directly above it while it produces each row (in
/// registers or L1), instead of leaving them a second pass over the whole tile: `lunette
/// video`'s frame decoder takes a chain's leading colour steps this way. Point chains
/// (`PointNode.renderChain`) offer it their kernels first.
/// Lua: `frame | CIColorControls{saturation = 1.2} | CIGaussianBlur{radius = 2}`
public protocol KernelFusingSource: ImageNode {
    /// `rect` of this source through `kernels` (in the order they run; each one's extent
    /// covers `rect`), or nil when it cannot: the chain then renders the source and runs
    /// the kernels as usual.
    func render(_ rect: IRect, _ session: RenderSession, through kernels: [any PointKernel]) -> PixelBuffer?

    /// A reader of single rows of `rect` through `kernels`, or nil when it cannot:
    /// `read(y, into)` writes absolute row y, columns rect.x ..< rect.maxX, to `into`,
    /// transparent black outside the source's extent. Area filters that consume their
    /// input row by row (`GaussianBlurNode.streamRows`) then need no tile of it.
    func rowReader(_ rect: IRect, through kernels: [any PointKernel]) -> PixelRowReader?
}

/// Writes one row (absolute y) of a fixed column range to the pointer (`KernelFusingSource.rowReader`).
public typealias PixelRowReader = (_ y: Int, _ into: UnsafeMutablePointer<Pixel>) -> Void

extension KernelFusingSource {
    public func rowReader(_ rect: IRect, through kernels: [any PointKernel]) -> PixelRowReader? { nil }
}

extension Image {
    /// Rows of `rect` of this image read one at a time, when it is a chain of point nodes
    /// (each with the source's extent, so nothing is cleared or added around it) over a
    /// `KernelFusingSource` that offers a `rowReader`; nil otherwise.
    func rowReader(_ rect: IRect) -> PixelRowReader? {
        let (base, steps) = peelingPointNodes { _ in true }
        guard let source = base.node as? any KernelFusingSource,
            steps.allSatisfy({ $0.extent == source.extent })
        else { return nil }
        return source.rowReader(rect, through: steps.reversed().map(\.kernel))
    }
}

extension AffineRGB {
    /// The map as 16 floats, the C kernels' layout: the R, G and B columns, then the offset.
    public var floats: [Float] {
        [m.0, m.1, m.2, m.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }
}
