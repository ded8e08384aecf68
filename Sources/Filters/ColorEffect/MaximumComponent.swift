import Foundation
import PixelCore

/// CIMaximumComponent: v = max(r, g, b), rgb' = (v, v, v), alpha kept (on premultiplied
/// colour, which equals doing it on straight colour). Lua: `img | CIMaximumComponent{}`
public enum MaximumComponent {
    public static let descriptor = ComponentGray.descriptor(
        "CIMaximumComponent", "Maximum Component", "Grayscale from the largest of each pixel's R, G and B values."
    ) { max($0, $1, $2) }
}

/// The component filters: a gray pixel of `pick`(R, G, B), alpha kept.
enum ComponentGray {
    static func descriptor(
        _ name: String, _ displayName: String, _ description: String,
        _ pick: @escaping @Sendable (Float, Float, Float) -> Float
    ) -> FilterDescriptor {
        FilterDescriptor(.colorEffect, name, displayName, description) { image in
            image.mapped { p in
                let v = pick(p.x, p.y, p.z)
                return Pixel(v, v, v, p.w)
            }
        }
    }
}
