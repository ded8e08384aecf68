import Foundation
import PixelCore

/// CIColorThreshold: each of R, G and B becomes 1 where its straight value is above
/// `inputThreshold`, else 0; alpha kept. Lua: `img | CIColorThreshold{threshold = 0.3}`
public enum ColorThreshold {
    public static let descriptor = FilterDescriptor(.colorAdjustment, "CIColorThreshold", "Color Threshold",
        usage: [.video, .interlaced, .nonSquarePixels, .stillImage, .builtIn],
        "Binarizes the image: each of R, G and B becomes 1 where it is above the threshold and 0 elsewhere.",
        inputs: [.image(), .number("inputThreshold", "Threshold", default: 0.5, sliderMin: 0, sliderMax: 1,
                                   "Channel values above it become 1, the others 0.")]
    ) { f in
        let t = Float(f.number("inputThreshold"))
        return try f.image().mappedStraight { c in SIMD3(c.x > t ? 1 : 0, c.y > t ? 1 : 0, c.z > t ? 1 : 0) }
    }
}
