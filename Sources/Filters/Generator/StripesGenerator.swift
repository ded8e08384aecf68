import Foundation
import PixelCore

/// CIStripesGenerator: infinite vertical stripes `width` pixels wide, an edge at
/// `center`.x, `color1` in the stripe right of it and `color0` left of it. Model: one
/// anti-aliased square wave along x whose edges ramp linearly over max(1, (1 − sharpness)
/// · width) pixels (1 pixel: exact pixel coverage); colours mix in the linear working space.
/// Evidence: Apple's render (CIFilter.io, iOS 13.3, centre 0, width 50, sharpness 1) has
/// color1 on x 0…50 and color0 on 50…100, and matches this model bit for bit.
/// Lua: `CIStripesGenerator{width = 20, sharpness = 0.5}`
public enum StripesGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CIStripesGenerator", "Stripes",
        "Infinite vertical stripes of two colours; lower sharpness softens the stripe edges.",
        inputs: TwoColorPattern.inputs(
            center: "A point on a stripe edge: the pattern's origin.",
            colors: ("Colour of the stripe left of the centre.", "Colour of the stripe right of the centre."),
            width: "Width of a stripe in pixels.", cells: "stripes")
    ) { f in
        let p = TwoColorPattern(f)
        let (cx, width, ramp) = (p.center.x, p.width, p.ramp)
        return p.image { x, _ in
            let v = Pattern.squareWave(x - cx, width: width, ramp: ramp)
            return Pattern.mix(p.c0, p.c1, Float((1 + v) / 2))
        }
    }
}
