import Foundation
import PixelCore

/// CILanczosScaleTransform: resizes by `inputScale` vertically and
/// `inputScale`·`inputAspectRatio` horizontally, about the origin, with a separable
/// Lanczos-3 kernel widened by 1/scale when shrinking (every source pixel contributes,
/// so downscales do not alias) and normalised per output pixel (see `LanczosScaleNode`).
/// The extent is the input's scaled exactly. Lua: `img | CILanczosScaleTransform{scale = 0.5}`
public enum LanczosScaleTransform {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CILanczosScaleTransform", "Lanczos Scale Transform",
        "Resizes the image with high-quality Lanczos resampling; the aspect ratio stretches it horizontally.",
        inputs: [InputSpec.image()] + ScaleFactors.inputs(sliderMax: 1.5)
    ) { f in
        let image = try f.image()
        let (sx, sy) = try ScaleFactors.of(f)
        if sx == 1, sy == 1 { return image }
        return image.resampled(sx: sx, sy: sy)
    }
}
