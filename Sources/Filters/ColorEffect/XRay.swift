import Foundation
import PixelCore

/// CIXRay: an X-ray film's look by luminance (`LuminanceRamp`): inverted, dark areas become
/// a cold blue-white and bright ones a deep blue-black. Apple publishes no formula and no
/// render was at hand: the stops are Lunette's guess at the look of Apple's sample.
/// Lua: `img | CIXRay{}`
public enum XRay {
    static let ramp = LuminanceRamp(stops: [SIMD3(0.92, 0.96, 1), SIMD3(0.02, 0.04, 0.12)])

    public static let descriptor = FilterDescriptor(
        .colorEffect, "CIXRay", "X-Ray", "Renders the image like an X-ray picture: inverted luminance in cold blue-white tones.",
        imageOnly: { ramp.image($0) })
}
