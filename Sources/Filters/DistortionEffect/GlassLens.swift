import Foundation
import PixelCore

/// The glass lenses' shared optics (CIGlassLozenge, CITorusLensDistortion). A lens is a
/// glass ridge whose cross-section is a half-disc of radius R over the image: a view ray
/// meeting the surface at distance t from the ridge's axis hits it at incidence α
/// (sin α = t/R), bends to β by Snell's law (sin α = n·sin β) and, crossing the glass's height
/// h = √(R² − t²), reaches the image h·tan(α − β) closer to the axis. Index 1 bends nothing;
/// below 1 the lens spreads the image, its sources kept within the lens.
enum GlassLens {
    /// The distance from the axis a point at distance `t` (< `halfWidth`) sees, for index `n`.
    @inline(__always) static func source(_ t: Double, halfWidth r: Double, index n: Double) -> Double {
        let sinA = min(t / r, 1)
        let alpha = asin(sinA), beta = asin(n > 0 ? min(sinA / n, 1) : 1)
        let h = max(0, r * r - t * t).squareRoot()
        return min(max(t - h * tan(alpha - beta), 0), r)
    }

    /// Whether a destination rect may touch `lens`: then it reads the rect and the lens's box.
    static func region(_ rect: IRect, lens: Rect) -> Rect {
        let r = rect.rect
        return r.intersection(lens).isEmpty ? r : r.union(lens)
    }
}
