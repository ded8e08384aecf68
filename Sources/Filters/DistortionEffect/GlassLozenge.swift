import Foundation
import PixelCore

/// CIGlassLozenge: a capsule of glass lying on the image, its axis from `inputPoint0` to
/// `inputPoint1` and its half-width `inputRadius`; it magnifies what lies under it by
/// refraction (`GlassLens`: a half-disc cross-section of index `inputRefraction`). Outside
/// the capsule the image is unchanged; the extent is the input's.
/// Lua: `img | CIGlassLozenge{point0 = Vector(150, 150), point1 = Vector(350, 150), radius = 80}`
public enum GlassLozenge {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CIGlassLozenge", "Glass Lozenge",
        "Lays a capsule-shaped glass lens between two points on the image, magnifying what lies under it.",
        inputs: [
            .image(),
            .vector(.point0, default: [150, 150], "Centre of the lozenge's first end."),
            .vector(.point1, default: [350, 150], "Centre of the lozenge's second end."),
            .number(
                .radius, 100, min: 0, slider: 0...1000, identity: 100,
                "Half-width of the lozenge (the radius of its round ends), in pixels."),
            .refraction,
        ]
    ) { f in
        try requireFinite(f, "inputPoint0", "inputPoint1", "inputRadius", "inputRefraction")
        let image = try f.image()
        let p0 = f.vector("inputPoint0"), p1 = f.vector("inputPoint1")
        let r = f.number("inputRadius"), n = f.number("inputRefraction")
        if r <= 0 || n == 1 { return image }
        let ax = p0[0], ay = p0[1], vx = p1[0] - ax, vy = p1[1] - ay
        let len2 = vx * vx + vy * vy
        let lens = paddedBox([min(ax, p1[0]) - r, max(ax, p1[0]) + r], [min(ay, p1[1]) - r, max(ay, p1[1]) + r])
        return Image(
            WarpNode(
                image, extent: image.extent, sourceRegion: { GlassLens.region($0, lens: lens) },
                map: { x, y in
                    // The nearest point of the axis segment, and the distance to it.
                    let s = len2 > 0 ? min(max(((x - ax) * vx + (y - ay) * vy) / len2, 0), 1) : 0
                    let qx = ax + s * vx, qy = ay + s * vy
                    let dx = x - qx, dy = y - qy
                    let t = (dx * dx + dy * dy).squareRoot()
                    if t >= r { return Point(x, y) }
                    guard t > 0 else { return Point(qx, qy) }
                    let k = GlassLens.source(t, halfWidth: r, index: n) / t
                    return Point(qx + dx * k, qy + dy * k)
                }))
    }
}
