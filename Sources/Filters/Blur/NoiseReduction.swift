import Foundation
import PixelCore

/// CINoiseReduction: a 3×3 sigma filter (neighbours whose luminance is within the noise
/// level of the centre's are averaged with it, larger steps are edges and kept), then the
/// result sharpened by a 3×3 unsharp mask of strength `sharpness`. Edges are clamped and
/// the extent is the input's, as Apple's render (fully opaque to the border) shows.
/// Lua: `img | CINoiseReduction{noiseLevel = 0.02, sharpness = 0.4}`
public enum NoiseReduction {
    public static let descriptor = FilterDescriptor(.blur, "CINoiseReduction", "Noise Reduction",
        "Smooths variations smaller than the noise level and sharpens the edges that remain.",
        inputs: [
            .image(),
            .number("inputNoiseLevel", "Noise Level", default: 0.02, min: 0, sliderMin: 0, sliderMax: 0.1, identity: 0,
                    "Luminance steps smaller than this are smoothed as noise."),
            .number(.sharpness, default: 0.4, min: 0, sliderMin: 0, sliderMax: 2, identity: 0,
                    "Strength of the sharpening of what remains."),
        ]
    ) { f in
        let image = try f.image()
        let level = f.number("inputNoiseLevel"), k = f.number("inputSharpness")
        guard level.isFinite, k.isFinite else { throw LunetteError.invalid("CINoiseReduction: noise level and sharpness must be finite") }
        if level <= 0 && k == 0 { return image }
        let extent = image.extent
        var out = image.clampedToExtent().sigmaFiltered(tolerance: Float(level))
        if k != 0 {
            // (1 + k)·s − k·mean₃ₓ₃(s): the centre weight 1 + k − k/9, the others −k/9.
            let side = Float(-k / 9)
            var w = [Float](repeating: side, count: 9)
            w[4] = Float(1 + k) + side
            out = out.convolved(w, columns: 3, rows: 3, bias: 0)
        }
        return extent.isInfinite ? out : out.cropped(to: extent)
    }
}
