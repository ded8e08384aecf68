import Foundation
import PixelCore

/// CIAccordionFoldTransition, Apple's model: the shorter image unfolds into the taller one,
/// both drawn in one frame that grows from the shorter's height h to the taller's h + Δ and
/// crossfades. With τ = time (1 − time when the source is the taller), the frame is
/// max(widths) wide and h + τΔ high, both images centred in it, its centre and bottom moving
/// from the source's to the target's with time. Above the bottom `bottomHeight` B px, a band
/// τΔ high holds 2n panels (n = `numberOfFolds`): the taller image reads its hidden Δ rows
/// there linearly (y′ = B + (y − B)/τ), the shorter one repeats its row B; on both, a panel
/// of fold depth d (0 at even creases, 1 at odd, linear between) reads x′ = x·(1 + k·d) from
/// the centre, k = (1 − τ)Δ / (n·(sum of widths)), and is shaded 1 − foldShadowAmount·(1 − τ)·f,
/// f the height within its panel. Above the band each image's rows meet its top; the mix is
/// shorter·(1 − τ) + taller·τ (premultiplied, linear).
/// Time 0 is the source itself, time 1 the target. The frame's left and top edges sit on
/// whole pixels (nearest to Apple's), as Apple's render of its fractional extent shows.
/// Evidence: Apple's render (iOS 13.3, 1000×562 → 1500×1500, time 0.497, 6 folds, B 100)
/// is 1501×1029 with its last column and bottom row empty (a frame of 1500 × 1028.19 at a
/// fractional left edge); numpy on it finds every law above (y′ slope 2.0120 = 1/τ,
/// zigzag inset 22.9 px = 750·k/(1 + k), shade 1 − 0.503·f); with them it matches at 54 dB.
/// The frame law (sizes, centring, k, the shade's 1 − τ) is that of Core Image's own
/// `-[CIAccordionFoldTransition outputImage]` as published decompiled; a PNG holds no origin.
/// Lua: `a | CIAccordionFoldTransition{targetImage = b, time = 0.5, numberOfFolds = 4}`
public enum AccordionFoldTransition {
    /// Where a frame point reads the shorter and the taller image, and its shade; frame
    /// coordinates: x from the frame's centre, y from its bottom.
    struct Fold: Sendable {
        let bottom, band, rise, stretch, panel, slope, shadow: Double

        @inline(__always) func depth(_ y: Double) -> (d: Double, f: Double)? {
            guard y >= bottom, y < bottom + band, panel > 0 else { return nil }
            let u = (y - bottom) / panel, k = u.rounded(.down), f = u - k
            return (k.truncatingRemainder(dividingBy: 2) == 0 ? f : 1 - f, f)
        }

        /// y in the shorter image (the band repeats row `bottom`).
        @inline(__always) func shortY(_ y: Double) -> Double {
            y < bottom ? y : y < bottom + band ? bottom : y - band
        }

        /// y in the taller image (the band unfolds its hidden `rise` rows).
        @inline(__always) func tallY(_ y: Double) -> Double {
            y < bottom ? y : y < bottom + band ? bottom + (y - bottom) * stretch : y + rise
        }

        @inline(__always) func xScale(_ y: Double) -> Double { depth(y).map { 1 + slope * $0.d } ?? 1 }
        @inline(__always) func shade(_ y: Double) -> Float { depth(y).map { Float(1 - shadow * $0.f) } ?? 1 }
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIAccordionFoldTransition", "Accordion Fold Transition",
        "Unfolds the shorter image into the taller one like an accordion while crossfading from the source to the target.",
        inputs: [
            .image(), .target,
            .number(.bottomHeight, 0, min: 0, "Height in pixels of the bottom part that stays flat below the folds."),
            .number("inputNumberOfFolds", "Number of Folds", 3, in: 1...50, slider: 1...10, "Number of folds (rounded)."),
            .number("inputFoldShadowAmount", 0.1, in: 0...1, slider: 0...1, "Darkening towards each panel's upper crease."),
            .time,
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        for (image, name) in [(source, "source"), (target, "target")] where image.extent.isInfinite || image.extent.isEmpty {
            throw LunetteError.invalid("CIAccordionFoldTransition: the \(name) needs a finite extent; crop it first")
        }
        let time = min(max(f.number("inputTime"), 0), 1)
        if time <= 0 { return source }
        if time >= 1 { return target }
        let (es, et) = (source.extent, target.extent)
        let sourceIsShort = es.height <= et.height
        let (short, tall) = sourceIsShort ? (source, target) : (target, source)
        let (a, b) = (short.extent, tall.extent)
        let tau = sourceIsShort ? time : 1 - time
        let folds = min(max(f.number("inputNumberOfFolds").rounded(), 1), 50)
        let amount = min(max(f.number("inputFoldShadowAmount"), 0), 1)
        let rise = b.height - a.height, band = tau * rise
        let width = max(a.width, b.width), height = a.height + band
        let fold = Fold(
            bottom: max(f.number("inputBottomHeight"), 0), band: band, rise: rise - band, stretch: 1 / tau,
            panel: band / (2 * folds), slope: (1 - tau) * rise / (folds * (a.width + b.width)),
            shadow: amount * (1 - tau))
        // Apple's frame, its left and top edges moved to the nearest whole pixel.
        let left = ((es.minX + es.width / 2) * (1 - time) + (et.minX + et.width / 2) * time - width / 2).rounded()
        let top = (es.minY + time * (et.minY - es.minY) + height).rounded()
        let frame = Rect(left, top - height, width, height)
        let cx = left + width / 2, by = top - height
        func warp(_ image: Image, _ y: @escaping @Sendable (Double) -> Double) -> Image {
            let e = image.extent
            return Image(
                WarpNode(
                    image, extent: frame,
                    sourceRegion: { r in
                        let x0 = r.rect.minX - cx, x1 = r.rect.maxX - cx, grow = 1 + fold.slope
                        let y0 = y(r.rect.minY - by), y1 = y(r.rect.maxY - by)
                        return Rect(
                            (e.minX + e.width / 2) + min(x0, x0 * grow), e.minY + y0,
                            max(x1, x1 * grow) - min(x0, x0 * grow), y1 - y0 + 1)
                    },
                    map: { x, yy in
                        // Pixels whose centre is below the frame's fractional bottom stay empty.
                        let v = yy - by
                        guard v >= 0 else { return nil }
                        return Point((e.minX + e.width / 2) + (x - cx) * fold.xScale(v), e.minY + y(v))
                    }))
        }
        let weight = Float(tau)
        return Image(
            PositionalPointNode([warp(short) { fold.shortY($0) }, warp(tall) { fold.tallY($0) }], extent: frame) {
                _, y, s, t, _ in
                let mixed = s * (1 - weight) + t * weight, k = fold.shade(y - by)
                return Pixel(mixed.x * k, mixed.y * k, mixed.z * k, mixed.w)
            })
    }
}

extension InputName {
    static let bottomHeight = InputName("inputBottomHeight", "Bottom Height", distance)
}
