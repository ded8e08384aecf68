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
        inputs: [
            .center("A corner of the squares: the pattern's origin."),
            InputSpec(
                "inputColor0", "Color 1", class: .color, default: .color(Color(1, 1, 1, 1)),
                description: "Colour of the square above and right of the centre."),
            InputSpec(
                "inputColor1", "Color 2", class: .color, default: .color(Color(0, 0, 0, 1)),
                description: "Colour of the other squares."),
            .number(.width, 80, slider: 0...800, "Side of a square in pixels."),
            .number(
                .sharpness, 1, in: 0...1, slider: 0...1,
                "1: crisp (anti-aliased) edges; 0: fully soft blend between squares."),
        ]
    ) { f in
        let c = f.vector("inputCenter")
        let cx = c[0], cy = c[1]
        let c0 = Transfer.workingPixel(f.color("inputColor0")), c1 = Transfer.workingPixel(f.color("inputColor1"))
        let width = abs(f.number("inputWidth"))
        let ramp = Pattern.ramp(width: width, sharpness: f.number("inputSharpness"))
        return Image(
            GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1) { x, y in
                let v =
                    Pattern.squareWave(x - cx, width: width, ramp: ramp) * Pattern.squareWave(y - cy, width: width, ramp: ramp)
                return Pattern.mix(c1, c0, Float((1 + v) / 2))
            })
    }
}
