import Foundation
import PixelCore

/// CINoiseReduction: the detail d = image − G (G a Gaussian of σ 1.3 over the clamped image)
/// is noise where its luminance is within the noise level, and is then dropped (the output
/// is G); above twice the level it is an edge, kept and sharpened to (1 + sharpness)·d;
/// in between the two blend linearly. Apple's render at noise level 5 (all of it noise) is
/// a Gaussian of σ ≈ 1.3 to 0.2 levels on average (a least-squares 5×5 fit). The extent is
/// the input's. Lua: `img | CINoiseReduction{noiseLevel = 0.02, sharpness = 0.4}`
public enum NoiseReduction {
    public static let descriptor = FilterDescriptor(
        .blur, "CINoiseReduction", "Noise Reduction",
        "Smooths variations smaller than the noise level and sharpens the edges that remain.",
        inputs: [
            .image(),
            .number(
                "inputNoiseLevel", 0.02, min: 0, slider: 0...0.1, identity: 0,
                "Luminance steps smaller than this are smoothed as noise."),
            .number(.sharpness, 0.4, min: 0, slider: 0...2, identity: 0, "Strength of the sharpening of what remains."),
        ]
    ) { f in
        let image = try f.image()
        let level = f.number("inputNoiseLevel"), k = f.number("inputSharpness")
        guard level.isFinite, k.isFinite else {
            throw LunetteError.invalid("CINoiseReduction: noise level and sharpness must be finite")
        }
        if level <= 0 && k == 0 { return image }
        let blurred = image.clampedToExtent().gaussianBlurred(sigma: 1.3)
        let n = Float(max(level, 0)), gain = Float(1 + k)
        let luma = Pixel(0.2126, 0.7152, 0.0722, 0)
        return image.zipped(with: blurred, extent: image.extent) { p, g in
            let d = p - g, t = abs((d * luma).sum())
            let edge: Float = n > 0 ? min(max((t - n) / n, 0), 1) : 1
            let out = g + d * (edge * gain)
            return pointwiseMin(pointwiseMax(out, .zero), Pixel(repeating: max(p.w, 0)))
        }
    }
}
