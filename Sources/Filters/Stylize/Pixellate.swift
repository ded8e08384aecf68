import Foundation
import PixelCore

/// CIPixellate: squares of side `inputScale` on a grid through `inputCenter`, each filled
/// with the image sampled (bilinearly) at the square's centre — for even integer sides on
/// an integer grid, the mean of the four middle pixels. Squares cut by the image's edge
/// sample the nearest point inside the image, so no transparent colour bleeds in. The
/// extent is the input's. Lua: `img | CIPixellate{scale = 8, center = Vector(150, 150)}`
public enum Pixellate {
    public static let descriptor = FilterDescriptor(
        .stylize, "CIPixellate", "Pixelate",
        "Replaces the image with squares of one colour each, taken from the centre of the area it covers.",
        center: "A point on the corner grid of the squares.",
        .number("inputScale", 8, type: "CIAttributeTypeDistance", min: 1, slider: 1...100, "Side of each square, in pixels.")
    ) { f in
        let image = try f.image()
        let c = f.vector("inputCenter"), s = f.number("inputScale")
        let cx = c[0], cy = c[1]
        let e = image.extent
        guard !e.isEmpty else { return image }
        let finite = !e.isInfinite
        let lo = finite ? Point(e.minX + 0.5, e.minY + 0.5) : Point(-.infinity, -.infinity)
        let hi = finite ? Point(max(e.maxX - 0.5, e.minX + 0.5), max(e.maxY - 0.5, e.minY + 0.5)) : Point(.infinity, .infinity)
        return Image(
            WarpNode(
                image, extent: e,
                sourceRegion: { rect in
                    rect.rect.insetBy(-(s / 2 + 1), -(s / 2 + 1))
                },
                map: { x, y in
                    let px = cx + (((x - cx) / s).rounded(.down) + 0.5) * s
                    let py = cy + (((y - cy) / s).rounded(.down) + 0.5) * s
                    return Point(min(max(px, lo.x), hi.x), min(max(py, lo.y), hi.y))
                }))
    }
}
