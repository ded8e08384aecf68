import Foundation
import PixelCore

/// Shared shape of the two-input composite filters: `inputImage` (source, foreground)
/// over `inputBackgroundImage` (backdrop), one fused `PointNode` with a `CompositeKernel`.
/// Lua: `fg | CIScreenBlendMode{backgroundImage = bg}`
public enum Composite {
    /// Which part of the plane the result can be non-transparent in.
    public enum ExtentRule: Sendable {
        /// Union of both inputs (over, blend modes, addition, maximum, minimum).
        case union
        /// Intersection of the inputs (in, multiply compositing: zero wherever either input is).
        case intersection
        /// The source's extent (out: zero wherever the source is).
        case source
        /// The background's extent (atop: zero wherever the background is).
        case background

        func extent(_ s: Rect, _ b: Rect) -> Rect {
            switch self {
            case .union: return s.union(b)
            case .intersection: return s.intersection(b)
            case .source: return s
            case .background: return b
            }
        }
    }

    /// Usage of the Porter-Duff and arithmetic composites (the PDF blend modes have the
    /// family's, without high dynamic range).
    static let highDynamicRange: [Usage] = [.video, .stillImage, .interlaced, .nonSquarePixels, .highDynamicRange, .builtIn]

    /// A composite's descriptor: the two image inputs and a build that makes one point node.
    static func descriptor<Op: CompositeOperator>(
        _ op: Op.Type, _ name: String, _ displayName: String,
        usage: [Usage]? = nil, extent rule: ExtentRule,
        _ description: String
    ) -> FilterDescriptor {
        FilterDescriptor(
            .compositeOperation, name, displayName, usage: usage, description,
            inputs: [
                .image("inputImage", "Image", "The foreground (source) image."),
                .image(.background),
            ]
        ) { f in
            let source = try f.image(), background = try f.image("inputBackgroundImage")
            return image(op, source, background, extent: rule)
        }
    }

    /// `source` composited with `background` by `Op`, with the extent `rule` gives.
    public static func image<Op: CompositeOperator>(
        _ op: Op.Type, _ source: Image, _ background: Image,
        extent rule: ExtentRule
    ) -> Image {
        let e = rule.extent(source.extent, background.extent)
        if e.isEmpty { return .empty }
        return Image(PointNode([source, background], CompositeKernel<Op>(), extent: e))
    }
}
