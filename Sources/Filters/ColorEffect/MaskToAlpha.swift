import Foundation
import PixelCore

/// CIMaskToAlpha: a white image whose alpha is the mask's gray level, taken as the Rec. 709
/// luminance of the working-space (linear, premultiplied) colour clamped to 0…1:
/// a = clamp(0.2126·r + 0.7152·g + 0.0722·b), out = (a, a, a, a). Lua: `mask | CIMaskToAlpha{}`
public enum MaskToAlpha {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIMaskToAlpha", "Mask to Alpha",
        "Turns a grayscale mask into a white image whose alpha is the gray level: white opaque, black transparent.",
        inputs: [.image()]
    ) { f in
        try f.image().mapped(preservesAlpha: false) { p in
            let a = min(max(p.x * 0.2126 + p.y * 0.7152 + p.z * 0.0722, 0), 1)
            return Pixel(a, a, a, a)
        }
    }
}
