import Foundation
import PixelCore

extension Reductions {
    /// Per-component minimum and maximum over `rect` (premultiplied working space); a
    /// rectangle reaching outside the image includes its transparent pixels.
    static func minMax(_ image: Image, _ area: IRect, _ rect: IRect) -> (min: Pixel, max: Pixel) {
        let start =
            area.count < rect.count
            ? (Pixel.zero, Pixel.zero)
            : (Pixel(repeating: .infinity), Pixel(repeating: -.infinity))
        let r = fold(
            image, area, start,
            tile: { b in
                var lo = Pixel(repeating: .infinity), hi = Pixel(repeating: -.infinity)
                for y in 0..<b.height {
                    let row = b.row(y)
                    for x in 0..<b.width { lo = pointwiseMin(lo, row[x]); hi = pointwiseMax(hi, row[x]) }
                }
                return (lo, hi)
            }
        ) { t, p in t = (pointwiseMin(t.0, p.0), pointwiseMax(t.1, p.1)) }
        return (r.0, r.1)
    }

    /// The pixel with the lowest (`lowest`) or highest alpha in `rect`; ties go to the lowest
    /// y, then the lowest x. Outside the image counts as transparent black.
    static func alphaExtreme(_ image: Image, _ area: IRect, _ rect: IRect, lowest: Bool) -> Pixel {
        typealias Best = (alpha: Float, y: Int, x: Int, pixel: Pixel)
        @Sendable func better(_ a: Best, _ b: Best) -> Bool {
            if a.alpha != b.alpha { return lowest ? a.alpha < b.alpha : a.alpha > b.alpha }
            return (a.y, a.x) < (b.y, b.x)
        }
        let none: Best = (lowest ? .infinity : -.infinity, .max, .max, .zero)
        var start = none
        if area.count < rect.count {  // the first transparent pixel of rect outside the image
            outer: for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX where !(area.x..<area.maxX).contains(x) || !(area.y..<area.maxY).contains(y) {
                    start = (0, y, x, .zero); break outer
                }
            }
        }
        return fold(
            image, area, start,
            tile: { b in
                var best = none
                for y in 0..<b.height {
                    let row = b.row(y)
                    for x in 0..<b.width {
                        let c: Best = (row[x].w, b.rect.y + y, b.rect.x + x, row[x])
                        if better(c, best) { best = c }
                    }
                }
                return best
            }
        ) { t, p in if better(p, t) { t = p } }.pixel
    }
}
