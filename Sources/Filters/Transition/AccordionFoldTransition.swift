import Foundation
import PixelCore

/// CIAccordionFoldTransition: the source above its bottom `bottomHeight` px folds down like
/// an accordion onto that bottom strip, fading out over the target. With L the source's
/// height above the strip and n = `numberOfFolds` (rounded), the folded part is L·(1 − time)
/// high and holds 2n panels, each a strip L/2n of the source seen foreshortened (compressed
/// linearly); every other panel faces away from the light and is darkened by
/// foldShadowAmount · sin θ, θ its tilt (cos θ = 1 − time). The source layer's opacity is
/// 1 − time over the target, so time 0 is the source and time 1 the target.
/// Model chosen by Lunette; Apple's grows the frame from the source's height to the target's
/// (see the report of issue 25 for its fidelity score).
/// Lua: `a | CIAccordionFoldTransition{targetImage = b, time = 0.5, numberOfFolds = 4}`
public enum AccordionFoldTransition {
    struct Fold: Sendable {
        let x0, x1, y0, strip, height, stretch, panel, shadow: Double

        /// Where (x, y) reads the source and the shade of its panel, nil where no source shows.
        @inline(__always) func source(_ x: Double, _ y: Double) -> (y: Double, shade: Float)? {
            guard x >= x0, x < x1, y >= y0 else { return nil }
            let v = y - y0 - strip
            if v < 0 { return (y, 1) }
            guard v < height, panel > 0 else { return nil }
            let k = Int(v / panel)
            return (y0 + strip + v * stretch, k % 2 == 1 ? Float(1 - shadow) : 1)
        }
    }

    public static let descriptor = FilterDescriptor(
        .transition, "CIAccordionFoldTransition", "Accordion Fold Transition",
        "Folds the source image down like an accordion onto its bottom strip to reveal the target image.",
        inputs: [
            .image(), .target,
            .number(.bottomHeight, 0, min: 0, "Height in pixels of the source's bottom strip, which stays flat."),
            .number("inputNumberOfFolds", "Number of Folds", 3, in: 1...50, slider: 1...10, "Number of folds (rounded)."),
            .number(
                "inputFoldShadowAmount", 0.1, in: 0...1, slider: 0...1, "Darkening of the panels facing away from the light."),
            .time,
        ]
    ) { f in
        let (source, target) = try f.transitionImages()
        let e = source.extent
        guard !e.isInfinite, !e.isEmpty else {
            throw LunetteError.invalid("CIAccordionFoldTransition: the source needs a finite extent; crop it first")
        }
        let time = min(max(f.number("inputTime"), 0), 1)
        let strip = min(max(f.number("inputBottomHeight"), 0), e.height)
        let folds = min(max(f.number("inputNumberOfFolds").rounded(), 1), 50)
        let length = e.height - strip, height = length * (1 - time)
        let fold = Fold(
            x0: e.minX, x1: e.maxX, y0: e.minY, strip: strip, height: height, stretch: 1 / (1 - time),
            panel: height / (2 * folds),
            shadow: min(max(f.number("inputFoldShadowAmount"), 0), 1) * (1 - (1 - time) * (1 - time)).squareRoot())
        let opacity = Float(1 - time)
        let folded = Image(
            WarpNode(
                source, extent: e,
                sourceRegion: { r in Rect(r.rect.x, e.minY, r.rect.width, e.height) },
                map: { x, y in fold.source(x, y).map { Point(x, $0.y) } }))
        return Image(
            PositionalPointNode([folded, target], extent: e.union(target.extent)) { x, y, s, t, _ in
                guard let p = fold.source(x, y) else { return t }
                let layer = Pixel(s.x * p.shade, s.y * p.shade, s.z * p.shade, s.w) * opacity
                return layer + t * (1 - layer.w)
            })
    }
}

extension InputName {
    static let bottomHeight = InputName("inputBottomHeight", "Bottom Height", distance)
}
