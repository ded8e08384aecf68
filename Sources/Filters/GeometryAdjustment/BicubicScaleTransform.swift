import Foundation
import PixelCore

/// CIBicubicScaleTransform: resizes by `inputScale` vertically and
/// `inputScale`·`inputAspectRatio` horizontally, about the origin, with Mitchell and
/// Netravali's cubic of parameters `inputB` and `inputC` (B = 0, C = 0.75 by default, a
/// sharp cubic; B = C = 1/3 is Mitchell's), widened by 1/scale when shrinking so every
/// source pixel contributes, weights normalised per output pixel (`LanczosScaleNode` with
/// `ResamplingKernel.cubic`). The extent is the input's scaled exactly.
/// Lua: `img | CIBicubicScaleTransform{scale = 2, b = 1/3, c = 1/3}`
public enum BicubicScaleTransform {
    public static let descriptor = FilterDescriptor(
        .geometryAdjustment, "CIBicubicScaleTransform", "Bicubic Scale Transform",
        usage: [.video, .stillImage, .nonSquarePixels, .builtIn],
        "Resizes the image with a bicubic filter whose sharpness and softness are set by the B and C parameters; the aspect ratio stretches it horizontally.",
        inputs: [InputSpec.image()] + ScaleFactors.inputs(sliderMax: 100) + [
            .fraction("inputB", 0, "Mitchell–Netravali's B: higher is softer (1 is the cubic B-spline)."),
            .fraction("inputC", 0.75, "Mitchell–Netravali's C: higher rings more (0.5 with B = 0 is Catmull–Rom)."),
        ]
    ) { f in
        let image = try f.image()
        let (sx, sy) = try ScaleFactors.of(f)
        if sx == 1, sy == 1 { return image }
        return image.resampled(sx: sx, sy: sy, kernel: .cubic(b: f.number("inputB"), c: f.number("inputC")))
    }
}
