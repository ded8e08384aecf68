import Foundation
import PixelCore

/// CIMaximumComponent: v = max(r, g, b), rgb' = (v, v, v), alpha kept (on premultiplied
/// colour, which equals doing it on straight colour). Lua: `img | CIMaximumComponent{}`
public enum MaximumComponent {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIMaximumComponent", "Maximum Component",
        "Grayscale from the largest of each pixel's R, G and B values.",
        imageOnly: { image in
            image.mapped { p in
                let v = max(p.x, p.y, p.z); return Pixel(v, v, v, p.w)
            }
        })
}
