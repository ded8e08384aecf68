import Foundation
import PixelCore

/// CIThermal: a thermal camera's false colours by luminance (`LuminanceRamp`): dark is cold
/// navy and blue, mid tones green, bright yellow, orange and hot red. Apple publishes no
/// formula and no render was at hand: the stops are Lunette's guess at the look of Apple's
/// sample. Lua: `img | CIThermal{}`
public enum Thermal {
    static let ramp = LuminanceRamp(stops: [
        SIMD3(0, 0, 0.5), SIMD3(0, 0.4, 1), SIMD3(0, 0.9, 0.3),
        SIMD3(1, 1, 0), SIMD3(1, 0.5, 0), SIMD3(1, 0, 0),
    ])

    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIThermal", "Thermal",
        "Renders the image in the false colours of a thermal camera: dark areas cold blue, bright ones hot red.",
        imageOnly: { ramp.image($0) })
}
