import Foundation

/// Pixels held in memory (a decoded file, a synthetic image).
public final class SourceNode: ImageNode, @unchecked Sendable {
    public let buffer: PixelBuffer
    public let isOpaque: Bool
    public init(_ buffer: PixelBuffer, opaque: Bool = false) { self.buffer = buffer; isOpaque = opaque }
    public var kind: NodeKind { .source }
    public var extent: Rect { buffer.rect.isEmpty ? .null : buffer.rect.rect }
    public var inputs: [Image] { [] }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { .null }
    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = session.output(rect, zeroed: buffer.rect.intersection(rect) != rect)
        out.copy(from: buffer)
        return out
    }
}

/// A pixel-wise operation on one or more inputs; chains of these are fused: each
/// renders in place into the buffer its first input produced for the tile.
public protocol PointKernel: Sendable {
    /// True when output alpha always equals the first input's alpha.
    var preservesAlpha: Bool { get }
    /// Transforms `count` pixels of `dst` in place; `others[i]` holds input i+1.
    func apply(_ dst: UnsafeMutablePointer<Pixel>, _ others: [UnsafeMutablePointer<Pixel>], _ count: Int)
    /// What the kernel does to pixels whose alpha is 1 (which stay opaque), when the
    /// vector loops know it: fused chains compose neighbouring affine maps and run chains
    /// of such steps in one pass (`OpaqueProgram`).
    var opaqueStep: OpaqueStep? { get }
    /// The kernel `lunette video`'s 8-bit path runs in its place, or nil for this one: it
    /// may compute more coarsely, under the video precision rule (every code within ±1 of
    /// an exact conversion, few differing; docs/ARCHITECTURE.md, "Pixels, colour and
    /// coordinates"). Stills never use it.
    var videoVariant: (any PointKernel)? { get }
    /// The kernel on opaque pixels as curves of their luminance already through the sRGB
    /// encode (`lunette_yuv8_sepia_encode420_avx2`'s layout), or nil: `lunette video`'s
    /// 8-bit encoder then runs it inside its own pass (CISepiaTone at intensity 1).
    var encodedTone: UnsafePointer<Float>? { get }
}

extension PointKernel {
    public var opaqueStep: OpaqueStep? { nil }
    public var videoVariant: (any PointKernel)? { nil }
    public var encodedTone: UnsafePointer<Float>? { nil }
}

/// A point node: the same pixel of each input in, one pixel out.
public final class PointNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let kernel: any PointKernel
    public let extent: Rect

    /// `extent` defaults to the first input's (a unary colour filter) or the union of all inputs.
    public init(_ inputs: [Image], _ kernel: any PointKernel, extent: Rect? = nil) {
        self.inputs = inputs
        self.kernel = kernel
        self.extent = extent ?? inputs.dropFirst().reduce(inputs[0].extent) { $0.union($1.extent) }
    }

    public var kind: NodeKind { .point }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.rect }
    public var isOpaque: Bool {
        if kernel.preservesAlpha { return inputs[0].isOpaque }
        if let k = kernel as? any OpacityAwareKernel { return k.isOpaque(inputs, extent: extent) }
        // Source over: opaque when an opaque background covers the whole extent.
        return inputs.count == 2 && kernel is SourceOverKernel && inputs[1].isOpaque && inputs[1].extent.contains(extent)
    }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        if let fused = renderChain(rect, session) { return fused }
        let dst = session.render(inputs[0], rect)
        let others = inputs.dropFirst().map { session.render($0, rect) }
        withExtendedLifetime(others) {
            if dst.isContiguous, others.allSatisfy(\.isContiguous) {
                kernel.apply(dst.pixels, others.map(\.pixels), rect.count)
            } else {
                for ly in 0..<rect.height { kernel.apply(dst.row(ly), others.map { $0.row(ly) }, rect.width) }
            }
        }
        dst.clear(outside: IRect.clipping(extent, to: rect))
        return dst
    }
}

/// A neighbourhood operation: reads its input grown by a halo.
public final class AreaNode: ImageNode, @unchecked Sendable {
    public typealias Kernel = @Sendable (_ src: PixelBuffer, _ dst: PixelBuffer) -> Void
    public let inputs: [Image]
    public let haloX: Int, haloY: Int
    let kernel: Kernel

    /// `inPlace`: the kernel indexes `src` by its own rect, so it may be handed a larger
    /// buffer already in memory (a loaded image) instead of a copy of the halo'd rect; it
    /// also writes every pixel of `dst` (which starts uninitialized).
    /// `codes`: the same filter on 8-bit codes, for `Context.render8` (a rank filter).
    public init(
        _ input: Image, haloX: Int, haloY: Int, preservesOpacity: Bool = true, inPlace: Bool = false,
        codes: CodeKernel? = nil, kernel: @escaping Kernel
    ) {
        inputs = [input]; self.haloX = haloX; self.haloY = haloY; self.kernel = kernel
        self.preservesOpacity = preservesOpacity
        self.inPlace = inPlace
        self.codes = codes
    }
    let inPlace: Bool
    public let codes: CodeKernel?

    public var kind: NodeKind { .area }
    public var extent: Rect { inputs[0].extent.insetBy(-Double(haloX), -Double(haloY)) }
    /// An area filter of an infinite opaque image (a clamped one) stays opaque.
    public var isOpaque: Bool { preservesOpacity && inputs[0].isOpaque && inputs[0].extent.isInfinite }
    let preservesOpacity: Bool
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.grown(haloX, haloY).rect }

    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let need = rect.grown(haloX, haloY)
        let src = (inPlace ? session.borrow(inputs[0], need) : nil) ?? session.render(inputs[0], need)
        let dst = session.output(rect, zeroed: !inPlace)  // in-place kernels write every pixel
        kernel(src, dst)
        return dst
    }
}

/// A generator: each pixel depends only on its position (pixel centre, Core Image coordinates).
public final class GeneratorNode: ImageNode, @unchecked Sendable {
    public let extent: Rect
    public let isOpaque: Bool
    let function: @Sendable (Double, Double) -> Pixel
    public init(extent: Rect, opaque: Bool = false, _ function: @escaping @Sendable (Double, Double) -> Pixel) {
        self.extent = extent; self.function = function; isOpaque = opaque
    }
    public var kind: NodeKind { .generator }
    public var inputs: [Image] { [] }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { .null }
    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
        let out = PixelBuffer(rect)
        let keep = IRect.clipping(extent, to: rect)
        for y in keep.y..<keep.maxY {
            let row = out.row(y - rect.y)
            for x in keep.x..<keep.maxX { row[x - rect.x] = function(Double(x) + 0.5, Double(y) + 0.5) }
        }
        return out
    }
}

/// Keeps the pixels whose centres lie inside a rectangle (CICrop).
public final class CropNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let rect: Rect
    public init(_ input: Image, _ rect: Rect) { inputs = [input]; self.rect = rect }
    public var kind: NodeKind { .point }
    /// Core Image's: the input's extent and the rect intersected exactly (possibly fractional;
    /// `Image.onExtentGrid` renders such an extent on its own grid).
    public var extent: Rect { inputs[0].extent.intersection(rect) }
    public var isOpaque: Bool { inputs[0].isOpaque }
    var pixelRect: Rect {
        if rect.isInfinite || rect.isEmpty { return rect }
        let x0 = rect.minX.rounded(), y0 = rect.minY.rounded()
        return Rect(x0, y0, rect.maxX.rounded() - x0, rect.maxY.rounded() - y0)
    }
    public func regionOfInterest(for r: IRect, input index: Int) -> Rect { r.rect.intersection(pixelRect) }
    /// The input renders only where the crop keeps pixels: a tile grown by the halos of the
    /// steps above (a deep chain of area filters) never grows the input's render with it.
    public func render(_ r: IRect, _ session: RenderSession) -> PixelBuffer {
        let keep = IRect.clipping(pixelRect, to: r)
        if keep == r { return session.render(inputs[0], r) }
        let dst = session.output(r, zeroed: true)
        if !keep.isEmpty { dst.copy(from: session.render(inputs[0], keep)) }
        return dst
    }
}

extension PointNode {
    /// Pixels per block when a chain of point nodes runs fused (64 KiB: stays in cache).
    static let fusedBlock = 4096

    /// A chain of one-input point nodes below this one (none read by anything else, every
    /// extent covering `rect`, so no pixel is cleared between steps) rendered block by
    /// block: each block goes through every kernel while it is in cache, instead of the
    /// whole tile once per node. Per pixel the same kernels run in the same order, except
    /// that on opaque pixels neighbouring affine kernels run as one composed map
    /// (`PointFusion`; equal to within float rounding). Nil when there is no such chain.
    func renderChain(_ rect: IRect, _ session: RenderSession) -> PixelBuffer? {
        guard inputs.count == 1, extent.contains(rect.rect) else { return nil }
        var kernels: [any PointKernel] = [kernel]
        var base = inputs[0]
        while let below = base.node as? PointNode, below.inputs.count == 1,
            !session.shared.contains(ObjectIdentifier(below)), below.extent.contains(rect.rect)
        {
            kernels.append(below.kernel)
            base = below.inputs[0]
        }
        // Pixels already in memory (a loaded image) are copied block by block, each block
        // going through the kernels while it is in cache: one pass over memory, not two.
        if let source = base.node as? any KernelFusingSource,
            let fused = source.render(rect, session, through: kernels.reversed())
        {
            return fused
        }
        let steps = PointFusion.composed(kernels.reversed())
        if let src = session.borrow(base, rect) { return renderBorrowed(src, steps, rect, session) }
        guard kernels.count > 1 else { return nil }
        let dst = session.render(base, rect)
        let program = PointFusion.program(steps)
        // One run over contiguous pixels, else row by row; blocks of `fusedBlock` either way.
        let (runs, length) = dst.isContiguous ? (1, rect.count) : (rect.height, rect.width)
        for r in 0..<runs {
            let p = dst.row(r)
            var start = 0
            while start < length {
                let n = min(Self.fusedBlock, length - start)
                PointFusion.run(steps, program, from: p + start, into: p + start, n)
                start += n
            }
        }
        return dst
    }

    /// `renderChain` over pixels borrowed from memory: row by row, block by block, copy
    /// then every kernel in order, `steps` (the same per-pixel work as copying first).
    func renderBorrowed(
        _ src: PixelBuffer, _ steps: [any PointKernel], _ rect: IRect,
        _ session: RenderSession
    ) -> PixelBuffer {
        let dst = session.output(rect, zeroed: false)
        let program = PointFusion.program(steps)
        for ly in 0..<rect.height {
            let s = src.row(rect.y + ly - src.rect.y) + (rect.x - src.rect.x)
            let d = dst.row(ly)
            var start = 0
            while start < rect.width {
                let n = min(Self.fusedBlock, rect.width - start)
                PointFusion.run(steps, program, from: s + start, into: d + start, n)
                start += n
            }
        }
        return dst
    }
}
