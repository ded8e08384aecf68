import Foundation
import PixelCore

/// CICircularWrap: bends the image into a ring around a transparent disc of `inputRadius`
/// at `inputCenter`. The image's bottom edge lies on the circle and its rows on circles
/// further out; its columns keep their length along the circle (arc length = x distance),
/// so the image is spread more the further out a row lies. The middle column stands at
/// the top of the circle, turned by `inputAngle` (counter-clockwise); columns further than
/// half a turn from it are not shown. The extent is the ring's box.
/// Model chosen by Lunette from Apple's description (no formula published).
/// Lua: `img | CICircularWrap{center = Vector(256, 256), radius = 120}`
public enum CircularWrap {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CICircularWrap", "Circular Wrap Distortion",
        "Wraps the image around a transparent circle: its bottom edge on the circle, its rows on rings further out.",
        center: "Centre of the circle.",
        .number(.radius, 150, min: 0, slider: 0...600, "Radius of the transparent circle, in pixels."),
        .number(
            .angle, default: 0, sliderMin: -.pi, sliderMax: .pi, identity: 0,
            "Turn of the wrapped image, in radians counter-clockwise (0 puts its middle at the top).")
    ) { f in
        try requireFinite(f, "inputRadius", "inputAngle")
        let (image, center, r) = try f.disc()
        let e = image.extent
        guard !e.isInfinite else { throw LunetteError.invalid("CICircularWrap: needs an image of finite extent (crop it first)") }
        guard !e.isEmpty else { return image }
        let top = .pi / 2 + f.number("inputAngle"), midX = e.minX + e.width / 2
        let outer = max(r, 0) + e.height
        let ring = Rect(center.x - outer, center.y - outer, 2 * outer, 2 * outer).integral
        return Image(
            WarpNode(
                image, extent: ring,
                sourceRegion: { rect in
                    // Rows by distance from the centre; every column may be read.
                    let pb = PolarBounds(rect, around: center)
                    return Rect(e.minX, e.minY + pb.dMin - r - 0.5, e.width, pb.dMax - pb.dMin + 1)
                },
                map: { x, y in
                    let dx = x - center.x, dy = y - center.y
                    let d = (dx * dx + dy * dy).squareRoot()
                    if d < r { return nil }
                    let turn = remainder(atan2(dy, dx) - top, 2 * .pi)
                    return Point(midX - r * turn, e.minY + d - r)
                }))
    }
}
