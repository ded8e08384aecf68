import Foundation
import PixelCore

/// CIMinimumComponent: v = min(r, g, b), rgb' = (v, v, v), alpha kept (on premultiplied
/// colour, which equals doing it on straight colour). Lua: `img | CIMinimumComponent{}`
public enum MinimumComponent {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIMinimumComponent", "Minimum Component",
        "Grayscale from the smallest of each pixel's R, G and B values.",
        imageOnly: { image in
            image.mapped { p in
                let v = min(p.x, p.y, p.z); return Pixel(v, v, v, p.w)
            }
        })
}
