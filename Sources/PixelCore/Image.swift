import Foundation

/// The kinds of node in the image graph (docs/ARCHITECTURE.md).
public enum NodeKind: String, Sendable {
    case source, point, area, warp, generator, reduction
}

/// One node of the lazy image graph: it knows its extent, the region it needs from
/// each input for an output rect, and how to render a rect.
public protocol ImageNode: AnyObject, Sendable {
    var kind: NodeKind { get }
    var extent: Rect { get }
    var inputs: [Image] { get }
    /// The region of input `index` needed to render `rect`.
    func regionOfInterest(for rect: IRect, input index: Int) -> Rect
    /// Renders `rect`; `session` renders inputs. The returned buffer is owned by the caller.
    func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer
    /// True when every pixel inside the extent is known to be opaque (lets writers drop alpha).
    var isOpaque: Bool { get }
}

extension ImageNode {
    public var isOpaque: Bool { false }
}

/// An immutable image: a recipe in the graph, rendered on demand by a `Context`. Lua: `Image.load("in.png")`
public final class Image: @unchecked Sendable {
    public let node: any ImageNode
    /// Nodes on the longest path down to a source (1 for a source); see `Limits.maxGraphDepth`.
    public let depth: Int
    /// The node's extent and opacity, worked out once here from the inputs' own (already
    /// stored): asking never walks the graph, which for a 2048-step chain overflowed the stack.
    /// Lua: `img.extent`
    public let extent: Rect
    public let isOpaque: Bool
    /// EXIF, profile and properties of a loaded file (nil for images made by filters).
    public internal(set) var metadata: ImageMetadata?
    public init(_ node: any ImageNode) {
        self.node = node
        depth = 1 + (node.inputs.lazy.map(\.depth).max() ?? 0)
        extent = node.extent
        isOpaque = node.isOpaque
    }

    /// The image with its pixels outside `rect` made transparent. Lua: `img:cropped(Rect(0, 0, 100, 100))`
    public func cropped(to rect: Rect) -> Image {
        if rect.contains(extent) { return self }
        return Image(CropNode(self, rect))
    }

    /// The image moved by an affine transform, sampled bilinearly. Lua: `img:transformed(Transform.scale(2))`
    public func transformed(by t: Transform) -> Image {
        t.isIdentity ? self : Image(AffineWarpNode(self, t))
    }

    /// The edge pixels extended forever (infinite extent). Lua: `img:clampedToExtent()`
    public func clampedToExtent() -> Image {
        extent.isInfinite || extent.isEmpty ? self : Image(ClampNode(self))
    }

    /// An infinite image of one colour (sRGB components, straight alpha). Lua: `Image.color(Color(1, 0, 0, 1))`
    public static func color(_ c: Color) -> Image {
        let p = Transfer.workingPixel(c)
        return Image(GeneratorNode(extent: .infinite, opaque: p.w >= 1) { _, _ in p })
    }

    /// A fully transparent image with an empty extent.
    public static let empty = Image(SourceNode(PixelBuffer(IRect(0, 0, 0, 0))))
}

extension Image: CustomStringConvertible {
    public var description: String {
        let e = extent
        if e.isInfinite { return "Image ∞ (infinite extent)" }
        return "Image \(fmt(e.width))×\(fmt(e.height)) @ (\(fmt(e.x)), \(fmt(e.y)))"
    }
}
