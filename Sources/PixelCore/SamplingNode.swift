import Foundation

/// How a warp reads an image between pixel centres: interpolated from the four nearest
/// pixels (Core Image's default) or taken from the one pixel the position falls in.
public enum SamplingMode: String, Sendable {
    case linear, nearest
}

/// Core Image's `samplingNearest()` / `samplingLinear()`: the pixels pass through unchanged,
/// and the mode tells every warp that reads this image directly (affine transforms, the
/// general and periodic warps) how to sample it. Lua: `img:samplingNearest()`
public final class SamplingNode: ImageNode, @unchecked Sendable {
    public let inputs: [Image]
    public let mode: SamplingMode

    public init(_ input: Image, _ mode: SamplingMode) { inputs = [input]; self.mode = mode }

    public var kind: NodeKind { .point }
    public var extent: Rect { inputs[0].extent }
    public var isOpaque: Bool { inputs[0].isOpaque }
    public func regionOfInterest(for rect: IRect, input index: Int) -> Rect { rect.rect }
    public func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer { session.render(inputs[0], rect) }
}

extension Image {
    /// The mode warps sample this image with (`.linear` unless asked otherwise).
    public var sampling: SamplingMode { (node as? SamplingNode)?.mode ?? .linear }

    /// This image sampled by `mode` in every warp that reads it; the pixels are unchanged.
    /// Lua: `img:samplingNearest():transformed(Transform.scale(4))`
    public func sampled(_ mode: SamplingMode) -> Image {
        if sampling == mode { return self }
        let base = (node as? SamplingNode)?.inputs[0] ?? self
        return mode == .linear ? base : Image(SamplingNode(base, mode))
    }

    /// Pixels read without interpolation by later warps (crisp pixel-art enlargements).
    /// Lua: `img:samplingNearest()`
    public func samplingNearest() -> Image { sampled(.nearest) }

    /// Pixels interpolated bilinearly by later warps (the default). Lua: `img:samplingLinear()`
    public func samplingLinear() -> Image { sampled(.linear) }
}

extension Sampler {
    /// The pixel that position (x, y) falls in (zero outside the buffer).
    @inline(__always) public static func nearest(_ b: PixelBuffer, _ x: Double, _ y: Double) -> Pixel {
        guard abs(x) < 1e15, abs(y) < 1e15 else { return .zero }
        return b[Int(x.rounded(.down)), Int(y.rounded(.down))]
    }

    /// `bilinear` or `nearest` as `mode` says.
    @inline(__always) public static func sample(_ b: PixelBuffer, _ x: Double, _ y: Double, _ mode: SamplingMode) -> Pixel {
        mode == .nearest ? nearest(b, x, y) : bilinear(b, x, y)
    }
}
