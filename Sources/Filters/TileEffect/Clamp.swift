import Foundation
import PixelCore

/// CIClamp: every point reads the image at its nearest pixel centre inside `inputExtent`
/// (x, y, width, height): inside the rectangle the image is unchanged, outside its border
/// pixels repeat without end (transparent where the rectangle leaves the image). Infinite extent.
/// Lua: `img | CIClamp{extent = Vector(0, 0, 640, 480)}`
public enum Clamp {
    public static let descriptor = FilterDescriptor(
        .tileEffect, "CIClamp", "Clamp",
        "Keeps the pixels inside the rectangle and repeats its border pixels outward without end.",
        inputs: [
            .image(),
            .vector(
                .extent, default: [0, 0, 640, 80],
                "The rectangle kept (x, y, width, height); its border pixels are repeated."),
        ]
    ) { f in
        try requireFinite(f, "inputExtent")
        let e = f.vector("inputExtent").components
        guard e.count == 4, e[2] > 0, e[3] > 0 else {
            throw LunetteError.invalid("CIClamp.inputExtent: expected x, y, width, height with a positive size")
        }
        let x0 = e[0] + 0.5, x1 = max(x0, e[0] + e[2] - 0.5), y0 = e[1] + 0.5, y1 = max(y0, e[1] + e[3] - 0.5)
        let clamp: @Sendable (Double, Double) -> Point = { x, y in Point(min(max(x, x0), x1), min(max(y, y0), y1)) }
        let region: @Sendable (IRect) -> Rect = { r in
            let (ax, ay, bx, by) = pixelCentres(r)
            let a = clamp(ax, ay), b = clamp(bx, by)
            return paddedBox([a.x, b.x], [a.y, b.y])
        }
        return Image(WarpNode(try f.image(), extent: .infinite, sourceRegion: region, map: { clamp($0, $1) }))
    }
}
