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
        inputs: [
            .center("A point on a stripe edge: the pattern's origin."),
            InputSpec(
                "inputColor0", "Color 1", class: .color, default: .color(Color(1, 1, 1, 1)),
                description: "Colour of the stripe left of the centre."),
            InputSpec(
                "inputColor1", "Color 2", class: .color, default: .color(Color(0, 0, 0, 1)),
                description: "Colour of the stripe right of the centre."),
            .number(.width, 80, slider: 0...800, "Width of a stripe in pixels."),
            .number(
                .sharpness, 1, in: 0...1, slider: 0...1,
                "1: crisp (anti-aliased) edges; 0: fully soft blend between stripes."),
        ]
    ) { f in
        let cx = f.vector("inputCenter")[0]
        let c0 = Transfer.workingPixel(f.color("inputColor0")), c1 = Transfer.workingPixel(f.color("inputColor1"))
        let width = abs(f.number("inputWidth"))
        let ramp = Pattern.ramp(width: width, sharpness: f.number("inputSharpness"))
        return Image(
            GeneratorNode(extent: .infinite, opaque: c0.w >= 1 && c1.w >= 1) { x, _ in
                let v = Pattern.squareWave(x - cx, width: width, ramp: ramp)
                return Pattern.mix(c0, c1, Float((1 + v) / 2))
            })
    }
}
