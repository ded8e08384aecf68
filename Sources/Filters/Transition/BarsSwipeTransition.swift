import Foundation
import PixelCore

/// CIBarsSwipeTransition, Apple's model: bars `width` px wide are counted along `angle`
/// (k = ⌊(x·|cos| + y·|sin|)/width⌋ from the extent's corner where that is least) and each
/// slides *along its own length*, perpendicular to `angle`: a pixel shows the source at
/// p + barOffset · (−sin, cos) · max(T − k, 0)², composited over the target and cropped to
/// the source's extent, the source sampled bilinearly in sRGB-encoded values. T = time · T₁, with T₁ the time at which the last bar has slid out:
/// T₁ = max over bars of k + √(chord_k / barOffset), chord_k being the longest line of the
/// extent along the bar within bar k.
/// Evidence: Core Image's ROI callback (a public class dump) applies this warp; Apple's
/// render (CIFilter.io, iOS 13.3, angle 3, width 60, offset 1, time 0.6072, 1500²) has
/// √(slide of bar k) + k = 38.202 ± 0.01 for bars 3…27 (slope −0.9999), where T₁ · time
/// predicts 38.207. Apple counts bars from the plane's origin; Lunette from the extent's
/// corner (the same for images at the origin), so the transition completes anywhere.
/// Lua: `a | CIBarsSwipeTransition{targetImage = b, time = 0.5, width = 40}`
public enum BarsSwipeTransition {
    struct Bars: Sendable {
        /// Bar coordinate b = x·nx + y·ny + n0 (in bars); slide direction (dx, dy) per unit.
        let nx, ny, n0, dx, dy, t: Double

        /// Where the pixel centre (x, y) reads the source.
        @inline(__always) func source(_ x: Double, _ y: Double) -> Point {
            let k = abs((x * nx + y * ny + n0).rounded(.down))
            let s = max(t - k, 0)
            return Point(x + dx * s * s, y + dy * s * s)
        }
    }

    /// Apple's T₁: when the last bar has slid off an extent `w`×`h` whose bars have unit
    /// normal (|c|, |s|), `width` px wide, moving `offset` px per (T − k)².
    static func maximumTime(w: Double, h: Double, c: Double, s: Double, width: Double, offset: Double) -> Double {
        let along = w * c + h * s  // the extent's depth across the bars
        let ramp = min(w * c, h * s)  // where chords grow from a corner
        let full = s < 1e-9 ? h : c < 1e-9 ? w : ramp / (c * s)
        let bars = min(Int((along / width).rounded(.up)), 1 << 16)
        var best = 0.0
        for k in 0...max(bars, 0) {
            // Longest chord inside [k, k+1)·width: the trapezoid's largest value there.
            let lo = Double(k) * width, hi = min(lo + width, along)
            guard hi > lo else { break }
            let depth = ramp <= 0 ? 1 : min(1, max(min(hi, along - lo), 0) / ramp)
            let chord = full * depth
            best = max(best, Double(k) + (chord / max(offset, 1e-9)).squareRoot())
        }
        return best
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIBarsSwipeTransition", "Bars Swipe Transition",
        "Slides the image out in bars across the angle, each bar faster than the next, to reveal the target image.",
        inputs: [
            .image(), .target,
            .number(
                .angle, Double.pi, slider: 0...2 * Double.pi, identity: 0,
                "Direction along which the bars are counted, radians; they slide across it."),
            .number(.width, 30, min: 2, slider: 2...300, "Width of a bar in pixels."),
            .number(
                "inputBarOffset", 10, min: 1, slider: 1...100,
                "Pixels a bar slides per squared unit of lead over the next bar."),
            .time,
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let extent = source.extent.union(target.extent)
        guard !extent.isInfinite, !extent.isEmpty, !source.extent.isEmpty else {
            throw LunetteError.invalid("CIBarsSwipeTransition: the images need a finite extent; crop them first")
        }
        let angle = f.number("inputAngle"), time = min(max(f.number("inputTime"), 0), 1)
        let width = max(f.number("inputWidth"), 2), offset = f.number("inputBarOffset")
        let cosA = cos(angle), sinA = sin(angle), c = abs(cosA), s = abs(sinA)
        let w = min(extent.width, 16384), h = min(extent.height, 16384)
        // Bars counted from the corner the angle's quadrant points away from (Apple's four cases).
        let quadrant = Int((angle / (Double.pi / 2)).rounded(.down))
        let fromRight = quadrant == 1 || quadrant == 2, fromTop = quadrant == 2 || quadrant == 3
        let nx = (fromRight ? -c : c) / width, ny = (fromTop ? -s : s) / width
        let n0 = -(extent.x + (fromRight ? w : 0)) * nx - (extent.y + (fromTop ? h : 0)) * ny
        let t = time * maximumTime(w: w, h: h, c: c, s: s, width: width, offset: offset)
        let bars = Bars(nx: nx, ny: ny, n0: n0, dx: -sinA * offset, dy: cosA * offset, t: t)
        let reach = offset * t * t
        // At time 0 nothing moves: the source over the target, without resampling.
        guard t > 0 else { return Image(PointNode([source, target], SourceOverKernel(), extent: source.extent)) }
        let slid = source.warpedInSRGB { encoded in
            Image(
                WarpNode(
                    encoded, extent: source.extent,
                    sourceRegion: { r in
                        r.rect.union(Rect(r.rect.x - sinA * reach, r.rect.y + cosA * reach, r.rect.width, r.rect.height)).integral
                    }, map: { x, y in bars.source(x, y) }))
        }
        return Image(PointNode([slid, target], SourceOverKernel(), extent: source.extent))
    }
}
