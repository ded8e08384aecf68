import Foundation
import PixelCore

/// CITorusLensDistortion: a ring of glass around `inputCenter`, `inputWidth` wide, its outer
/// edge at `inputRadius`; what lies under the ring is refracted towards the ring's middle
/// circle (`GlassLens`: a half-disc cross-section of index `inputRefraction`). Inside and
/// outside the ring the image is unchanged; the extent is the input's.
/// Lua: `img | CITorusLensDistortion{center = Vector(256, 256), radius = 160, width = 80}`
public enum TorusLensDistortion {
    public static let descriptor = FilterDescriptor(
        .distortionEffect, "CITorusLensDistortion", "Torus Lens Distortion",
        "Lays a ring-shaped glass lens on the image, refracting what lies under the ring.",
        center: "Centre of the ring.",
        .discRadius(160, slider: 0...500, identity: 0, "Outer radius of the ring, in pixels."),
        .number(.width, 80, min: 0, slider: 0...200, identity: 0, "Width of the ring, in pixels."),
        .refraction
    ) { f in
        try requireFinite(f, "inputRadius", "inputWidth", "inputRefraction")
        let (image, center, outer) = try f.disc()
        let w = min(f.number("inputWidth"), outer), n = f.number("inputRefraction")
        if outer <= 0 || w <= 0 || n == 1 { return image }
        let half = w / 2, mid = outer - half
        let lens = Rect(center.x - outer, center.y - outer, 2 * outer, 2 * outer)
        return Image(
            WarpNode(
                image, extent: image.extent, sourceRegion: { GlassLens.region($0, lens: lens) },
                map: { x, y in
                    let dx = x - center.x, dy = y - center.y
                    let d = (dx * dx + dy * dy).squareRoot()
                    let u = d - mid
                    if abs(u) >= half { return Point(x, y) }
                    let s = mid + GlassLens.source(abs(u), halfWidth: half, index: n) * (u < 0 ? -1 : 1)
                    return Point(center.x + dx * s / d, center.y + dy * s / d)
                }))
    }
}
