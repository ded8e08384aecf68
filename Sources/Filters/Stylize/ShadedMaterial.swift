import Foundation
import PixelCore

/// CIShadedMaterial: the image read as a height field (its luminance, Rec. 709 weights on the
/// premultiplied colour, times `inputScale`) and shaded by looking up a hemisphere image, as
/// Core Image's reference gives it: the surface normal n = normalize(−∂h/∂x, −∂h/∂y, 1) (central
/// differences, the image's edge pixels extended) picks the shading image's point
/// origin + (n.xy + 1) / 2 · size, sampled bilinearly; a flat area takes the shading image's
/// centre. The result has the image's alpha and extent; the shading image must be finite.
/// Lua: `img | CIShadedMaterial{shadingImage = sphere, scale = 10}`
public enum ShadedMaterial {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIShadedMaterial", "Shaded Material",
        "Shades a height field (lighter is higher) with the colours of a hemisphere shading image.",
        inputs: [
            .image(),
            .image("inputShadingImage", "Shading Image", "A lit hemisphere: its colours by the surface's direction."),
            .number(
                "inputScale", 10, type: "CIAttributeTypeDistance", min: 0, slider: 0.5...200,
                "Exaggerates the relief: heights are multiplied by it."),
        ]
    ) { f in
        let image = try f.image(), shading = try f.image("inputShadingImage")
        let s = shading.extent
        guard !s.isInfinite, !s.isEmpty else {
            throw LunetteError.invalid("CIShadedMaterial.inputShadingImage: needs a finite, non-empty extent (crop it)")
        }
        guard !image.extent.isEmpty else { return image }
        return Image(Node(image, shading, scale: Float(f.number("inputScale"))))
    }

    /// The shading image's point for a normal's x and y: origin + (n + 1) / 2 · size.
    public static func lookup(_ n: (x: Double, y: Double), in s: Rect) -> Point {
        Point(s.minX + (n.x + 1) / 2 * s.width, s.minY + (n.y + 1) / 2 * s.height)
    }

    /// Heights need a one-pixel halo; the whole shading image is read for every tile.
    final class Node: ImageNode, @unchecked Sendable {
        let inputs: [Image]
        let extent: Rect
        let scale: Float
        let box: IRect

        init(_ image: Image, _ shading: Image, scale: Float) {
            inputs = [image.extent.isInfinite ? image : image.clampedToExtent(), shading]
            extent = image.extent; self.scale = scale; box = IRect(covering: shading.extent)
        }

        var kind: NodeKind { .area }
        func regionOfInterest(for rect: IRect, input index: Int) -> Rect { index == 0 ? rect.grown(1, 1).rect : box.rect }

        func render(_ rect: IRect, _ session: RenderSession) -> PixelBuffer {
            let out = PixelBuffer(rect)
            let keep = IRect.clipping(extent, to: rect)
            guard !keep.isEmpty else { return out }
            let src = session.render(inputs[0], keep.grown(1, 1)), shade = session.render(inputs[1], box)
            let s = box.rect, k = scale / 2
            @inline(__always) func height(_ x: Int, _ y: Int) -> Float {
                let p = src[x, y]; return p.x * 0.2126 + p.y * 0.7152 + p.z * 0.0722
            }
            for y in keep.y..<keep.maxY {
                let row = out.row(y - rect.y)
                for x in keep.x..<keep.maxX {
                    let gx = (height(x + 1, y) - height(x - 1, y)) * k, gy = (height(x, y + 1) - height(x, y - 1)) * k
                    let len = (gx * gx + gy * gy + 1).squareRoot()
                    let q = ShadedMaterial.lookup((Double(-gx / len), Double(-gy / len)), in: s)
                    let p = Sampler.bilinear(
                        shade, min(max(q.x, s.minX + 0.5), s.maxX - 0.5), min(max(q.y, s.minY + 0.5), s.maxY - 0.5))
                    row[x - rect.x] = p * src[x, y].w
                }
            }
            return out
        }
    }
}
