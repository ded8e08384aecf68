import Foundation
import PixelCore

/// CIBarsSwipeTransition: the images' joint extent is cut into bars `width` pixels wide
/// running along `angle`; in each bar the source slides out in that direction, uncovering
/// the target behind it. Bar i starts late by g_i = frac(i · 0.618…) · barOffset% of the
/// travel (a golden-ratio stagger), its slide being
/// D_i = max(0, time · T · (1 + barOffset/100) − g_i) with T the extent's length along
/// `angle` plus one pixel, so time 0 is the source and time 1 the target everywhere.
/// Lua: `a | CIBarsSwipeTransition{targetImage = b, time = 0.5, width = 40}`
public enum BarsSwipeTransition {
    struct Bars: Sendable {
        let cosA, sinA, start, width, reach, stagger: Double

        /// How far the source has slid in the bar holding (x, y).
        @inline(__always) func slide(_ x: Double, _ y: Double) -> Double {
            let bar = ((-x * sinA + y * cosA) / width).rounded(.down)
            let phase = (bar * 0.618_033_988_749_894_8).truncatingRemainder(dividingBy: 1)
            return max(0, reach - (phase < 0 ? phase + 1 : phase) * stagger)
        }

        /// Distance of (x, y) from the extent's trailing edge along the motion.
        @inline(__always) func along(_ x: Double, _ y: Double) -> Double { x * cosA + y * sinA - start }
    }

    public static let descriptor = FilterDescriptor(
        name: "CIBarsSwipeTransition", displayName: "Bars Swipe Transition",
        categories: [Category.transition, Category.video, Category.stillImage, Category.builtIn],
        description: "Slides the image out in bars at an angle, each bar a little behind the last, to reveal the target image.",
        inputs: [
            .image(), .target,
            .number("inputAngle", "Angle", type: "CIAttributeTypeAngle", default: Double.pi, sliderMin: 0, sliderMax: 2 * Double.pi,
                    identity: 0, "Direction the bars slide in, radians (0: to the right)."),
            .number("inputWidth", "Width", type: "CIAttributeTypeDistance", default: 30, min: 2, sliderMin: 2, sliderMax: 300,
                    "Width of a bar in pixels."),
            .number("inputBarOffset", "Bar Offset", default: 10, min: 1, sliderMin: 1, sliderMax: 100,
                    "Largest delay of a bar, in percent of the travel."),
            .time,
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let extent = source.extent.union(target.extent)
        guard !extent.isInfinite, !extent.isEmpty else {
            throw LunetteError.invalid("CIBarsSwipeTransition: the images need a finite extent; crop them first")
        }
        let angle = f.number("inputAngle"), time = f.number("inputTime")
        let cosA = cos(angle), sinA = sin(angle)
        let corners = [(extent.minX, extent.minY), (extent.maxX, extent.minY), (extent.minX, extent.maxY), (extent.maxX, extent.maxY)]
        let s = corners.map { $0.0 * cosA + $0.1 * sinA }
        let travel = s.max()! - s.min()! + 1
        let offset = f.number("inputBarOffset") / 100
        let bars = Bars(cosA: cosA, sinA: sinA, start: s.min()!, width: f.number("inputWidth"),
                        reach: time * travel * (1 + offset), stagger: offset * travel)
        let maxSlide = bars.reach
        // The source slides along the angle: each output pixel reads it maxSlide back at most.
        let slid = Image(WarpNode(source, extent: extent, sourceRegion: { r in
            r.rect.union(r.rect.offsetBy(-maxSlide * cosA, -maxSlide * sinA)).integral
        }, map: { x, y in
            let d = bars.slide(x, y)
            return Point(x - d * cosA, y - d * sinA)
        }))
        return Image(PositionalPointNode([slid, target], extent: extent) { x, y, s, t, _ in
            let uncovered = Float(min(max(bars.slide(x, y) - bars.along(x, y), 0), 1))
            return Pattern.mix(s, t, uncovered)
        })
    }
}

extension Rect {
    /// The rect moved by (dx, dy).
    fileprivate func offsetBy(_ dx: Double, _ dy: Double) -> Rect { isInfinite || isEmpty ? self : Rect(x + dx, y + dy, width, height) }
}
