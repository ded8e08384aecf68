import Foundation
import PixelCore

/// CIAreaBoundsRed: the smallest rectangle enclosing the pixels of `inputExtent` whose red
/// is above zero, as one pixel at (0, 0) holding (x, y, width, height) relative to the
/// extent, each divided by the extent's size (all zero when no pixel is red).
/// Lua: `img | CIAreaBoundsRed{extent = img.extent}`
public enum AreaBoundsRed {
    public static let descriptor = FilterDescriptor(
        reduction: "CIAreaBoundsRed", "Area Bounds Red", sorted: Family.laterHDR,
        "Locates the smallest rectangle enclosing all pixels whose red value is above zero within inputExtent; the rectangle comes back normalized as (x, y, w, h) in the RGBA of a single pixel."
    ) { image, area, rect in
        let none = (Int.max, Int.max, Int.min, Int.min)
        let b = Reductions.foldRows(image, area, none) { r, row, y, t in
            for x in 0..<t.width where row[x].x > 0 {
                r = (min(r.0, t.rect.x + x), min(r.1, y), max(r.2, t.rect.x + x), max(r.3, y))
            }
        } merge: { t, p in
            t = (min(t.0, p.0), min(t.1, p.1), max(t.2, p.2), max(t.3, p.3))
        }
        let out = PixelBuffer(IRect(0, 0, 1, 1))
        if b.2 >= b.0 {
            let w = Float(rect.width), h = Float(rect.height)
            out.pixels[0] = Pixel(
                Float(b.0 - rect.x) / w, Float(b.1 - rect.y) / h,
                Float(b.2 + 1 - b.0) / w, Float(b.3 + 1 - b.1) / h)
        }
        return out
    }
}
