import Foundation
import PixelCore

/// CISRGBToneCurveToLinear: treats the straight working-space colour as sRGB-encoded and
/// decodes it, v' = v ≤ 0.04045 ? v/12.92 : ((v + 0.055)/1.055)^2.4 (odd-symmetric below zero);
/// the inverse of CILinearToSRGBToneCurve. Lua: `img | CISRGBToneCurveToLinear{}`
public enum SRGBToneCurveToLinear {
    public static let descriptor = FilterDescriptor(
        .colorAdjustment, "CISRGBToneCurveToLinear", "sRGB Tone Curve to Linear",
        "Decodes sRGB gamma-encoded values to linear light (the inverse of the linear-to-sRGB curve), which darkens the image.",
        imageOnly: { image in image.mappedStraight { ColorMath.decode($0) } })
}
