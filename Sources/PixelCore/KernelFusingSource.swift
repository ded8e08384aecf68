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
}

extension AffineRGB {
    /// The map as 16 floats, the C kernels' layout: the R, G and B columns, then the offset.
    public var floats: [Float] {
        [m.0, m.1, m.2, m.3].flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }
}
