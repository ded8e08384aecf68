import Foundation
import PixelCore

/// CICheckerboardGenerator: an infinite checkerboard of `width`-pixel squares, a corner at
/// `center`, `color0` in the square above-right of the centre. Model: the product of two
/// anti-aliased square waves (±1) along x and y; each edge ramps linearly over
/// max(1, (1 − sharpness) · width) pixels, so sharpness 1 is exact pixel coverage and 0 a
/// soft triangle blend; colours mix in the linear working space.
/// Lua: `CICheckerboardGenerator{width = 40, color1 = Color(0.2, 0.2, 0.8)}`
public enum CheckerboardGenerator {
    public static let descriptor = FilterDescriptor(
        .generator, "CICheckerboardGenerator", "Checkerboard",
        "An infinite checkerboard of two colours; lower sharpness softens the square edges.",
        inputs: TwoColorPattern.inputs(
            center: "A corner of the squares: the pattern's origin.",
            colors: ("Colour of the square above and right of the centre.", "Colour of the other squares."),
            width: "Side of a square in pixels.", cells: "squares")
    ) { f in
        let p = TwoColorPattern(f)
        let (cx, cy, width, ramp) = (p.center.x, p.center.y, p.width, p.ramp)
        return p.image { x, y in
            let v = Pattern.squareWave(x - cx, width: width, ramp: ramp) * Pattern.squareWave(y - cy, width: width, ramp: ramp)
            return Pattern.mix(p.c1, p.c0, Float((1 + v) / 2))
        }
    }
}
