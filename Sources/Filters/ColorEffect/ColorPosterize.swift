import Foundation
import PixelCore

/// CIColorPosterize. No formula is published; Lunette rounds each sRGB-encoded straight
/// channel to the nearest multiple of 1/levels, v' = floor(v·levels + 0.5)/levels, working on
/// encoded values so the steps are perceptually even (and 300 levels is invisible, the
/// identity). Alpha is kept. Lua: `img | CIColorPosterize{levels = 4}`
public enum ColorPosterize {
    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIColorPosterize", "Color Posterize",
        "Quantizes each colour channel to a number of brightness steps, for a flat poster look.",
        inputs: [.image(), .number("inputLevels", 6, min: 1, slider: 2...30, identity: 300, "Steps per channel.")]
    ) { f in
        let image = try f.image()
        let levels = Float(f.number("inputLevels"))
        return image.mappedStraight { c in ColorMath.decode((ColorMath.encode(c) * levels + 0.5).rounded(.down) / levels) }
    }
}
