import Foundation
import PixelCore

/// CIColorClamp: every straight (unpremultiplied) RGBA component clamped between the
/// matching components of the min and max vectors, then premultiplied again.
/// Lua: `img | CIColorClamp{minComponents = Vector(0.1, 0.1, 0.1, 0), maxComponents = Vector(0.9, 0.9, 0.9, 1)}`
public enum ColorClamp {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorClamp", "Color Clamp", usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn],
        "Clamps every RGBA component between the matching components of the minimum and maximum vectors.",
        inputs: [
            .image(),
            .vector(
                "inputMinComponents", "Min Components", default: [0, 0, 0, 0],
                "Lower bounds for R, G, B, A (straight colour)."),
            .vector(
                "inputMaxComponents", "Max Components", default: [1, 1, 1, 1],
                "Upper bounds for R, G, B, A (straight colour)."),
        ]
    ) { f in
        let image = try f.image()
        let lo = pixel(f.vector("inputMinComponents")), hi = pixel(f.vector("inputMaxComponents"))
        return image.mapped(preservesAlpha: lo.w <= 0 && hi.w >= 1) { p in apply(p, lo, hi) }
    }

    static func pixel(_ v: Vector) -> Pixel { Pixel(Float(v[0]), Float(v[1]), Float(v[2]), Float(v[3])) }

    @inline(__always) static func apply(_ p: Pixel, _ lo: Pixel, _ hi: Pixel) -> Pixel {
        let s = ColorMath.rgb(p)
        let u = Pixel(s.x, s.y, s.z, p.w)
        let c = u.clamped(lowerBound: lo, upperBound: hi)
        let a = min(max(c.w, 0), 1)
        return Pixel(c.x * a, c.y * a, c.z * a, a)
    }
}
