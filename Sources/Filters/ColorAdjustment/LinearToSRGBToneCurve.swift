import Foundation
import PixelCore

/// CILinearToSRGBToneCurve: applies the sRGB encoding curve (IEC 61966-2-1) to the straight
/// working-space colour, v' = v ≤ 0.0031308 ? 12.92·v : 1.055·v^(1/2.4) − 0.055 (odd-symmetric
/// below zero); CISRGBToneCurveToLinear undoes it. Lua: `img | CILinearToSRGBToneCurve{}`
public enum LinearToSRGBToneCurve {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CILinearToSRGBToneCurve", "Linear to sRGB Tone Curve",
        "Encodes linear-light values with the sRGB transfer curve, which brightens the image.",
        imageOnly: { image in image.mappedStraight { ColorMath.encode($0) } })
}
