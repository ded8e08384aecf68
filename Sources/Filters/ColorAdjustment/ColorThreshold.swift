import Foundation
import PixelCore

/// CIColorThreshold: each of R, G and B becomes 1 where its straight linear value is above
/// the threshold and 0 elsewhere; alpha is kept. Apple compares in the linear working space
/// (its render of a photo at 0.5 agrees with that on all but 0.003 % of pixels).
/// Lua: `img | CIColorThreshold{threshold = 0.5}`
public enum ColorThreshold {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CIColorThreshold", "Color Threshold",
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn],
        "Sets each colour channel to 1 above the threshold and 0 elsewhere.",
        inputs: [.image(), .number("inputThreshold", 0.5, slider: 0...1, "The cut-off, a linear channel value.")]
    ) { f in
        try f.image().thresholded(Float(f.number("inputThreshold")))
    }
}
