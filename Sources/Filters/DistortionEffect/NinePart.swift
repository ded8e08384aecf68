import Foundation
import PixelCore

/// The nine-part (nine-slice) resizes' shared warp. Breakpoints split each axis of the input
/// into a low band, a middle band and a high band; the output is the input's extent grown by
/// `inputGrowAmount`, the low and high bands (so the four corner patches) copied unchanged and
/// the middle band filled to the new length, stretched or tiled.
enum NinePart {
    static func inputs(_ extra: InputSpec...) -> [InputSpec] {
        [
            .image(),
            .vector(
                .breakpoint0, default: [50, 50], "Lower-left corner of the middle part: the bands left of and below it are kept."),
            .vector(
                .breakpoint1, default: [150, 150],
                "Upper-right corner of the middle part: the bands right of and above it are kept."),
            .vector(.growAmount, default: [100, 100], "How much wider and taller the output is than the input, in pixels."),
        ] + extra
    }

    /// One axis: the middle band `lo…hi` of the input becomes `lo…hi + grow` in the output.
    struct Axis: Sendable {
        var lo: Double, hi: Double, grow: Double
        var tiled: Bool
        /// Tiles are laid from the band's high end (its top, for y) instead of its low end.
        var fromHigh = false

        /// The input coordinate an output coordinate reads.
        @inline(__always) func source(_ u: Double) -> Double {
            if u < lo { return u }
            let end = hi + grow
            if u >= end { return u - grow }
            let period = hi - lo
            guard period > 0 else { return lo }
            if !tiled { return lo + (u - lo) * period / (end - lo) }
            if fromHigh { return hi - (end - u).truncatingRemainder(dividingBy: period) }
            return lo + (u - lo).truncatingRemainder(dividingBy: period)
        }

        /// The input range the output range `a…b` reads (the map is monotonic outside the
        /// middle band, and a tiled middle band reads all of it).
        func sourceRange(_ a: Double, _ b: Double) -> (Double, Double) {
            var lo0 = min(source(a), source(b)), hi0 = max(source(a), source(b))
            if b >= lo && a < hi + grow { lo0 = min(lo0, lo); hi0 = max(hi0, hi) }
            return (lo0, hi0)
        }
    }

    static func warp(_ f: FilterInputs, tiled: Bool, flipY: Bool = false) throws -> Image {
        try requireFinite(f, "inputBreakpoint0", "inputBreakpoint1", "inputGrowAmount")
        let image = try f.image()
        let e = image.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid("\(f.filter): needs an image of finite extent (crop it first)")
        }
        let b0 = f.vector("inputBreakpoint0"), b1 = f.vector("inputBreakpoint1"), g = f.vector("inputGrowAmount")
        func axis(_ i: Int, _ lo: Double, _ hi: Double, fromHigh: Bool) throws -> Axis {
            // Breakpoints outside the image are pulled onto its edges.
            let a = min(max(b0[i], lo), hi), b = min(max(b1[i], lo), hi)
            guard a <= b else {
                throw LunetteError.invalid("\(f.filter): inputBreakpoint0 must lie below and left of inputBreakpoint1")
            }
            guard b - a + g[i] >= 0 else {
                throw LunetteError.invalid(
                    "\(f.filter).inputGrowAmount: shrinks the middle band below zero (at least \(fmt(a - b)))")
            }
            return Axis(lo: a, hi: b, grow: g[i], tiled: tiled, fromHigh: fromHigh)
        }
        let ax = try axis(0, e.minX, e.maxX, fromHigh: false)
        let ay = try axis(1, e.minY, e.maxY, fromHigh: flipY)
        if g[0] == 0 && g[1] == 0 { return image }
        let extent = Rect(e.x, e.y, e.width + g[0], e.height + g[1])
        return Image(
            WarpNode(
                image, extent: extent,
                sourceRegion: { rect in
                    let (x0, y0, x1, y1) = pixelCentres(rect)
                    let (sx0, sx1) = ax.sourceRange(x0, x1), (sy0, sy1) = ay.sourceRange(y0, y1)
                    return paddedBox([sx0, sx1], [sy0, sy1])
                },
                map: { x, y in Point(ax.source(x), ay.source(y)) }))
    }
}
