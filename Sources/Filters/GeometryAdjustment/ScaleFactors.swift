import Foundation
import PixelCore

/// The scale transforms' `inputScale` and `inputAspectRatio` as horizontal and vertical
/// factors (CILanczosScaleTransform, CIBicubicScaleTransform, CIMaximumScaleTransform).
enum ScaleFactors {
    /// `inputScale` and `inputAspectRatio` as the scale transforms declare them; the
    /// scale's slider ends at `sliderMax`.
    static func inputs(sliderMax: Double) -> [InputSpec] {
        [
            .number(
                .scale, 1, min: 0, slider: 0.05...sliderMax, identity: 1,
                "Scale factor applied to the height (and, times the aspect ratio, the width)."),
            .number("inputAspectRatio", 1, min: 0, slider: 0.5...2, identity: 1, "Extra horizontal scale factor."),
        ]
    }

    /// (scale·aspect, scale); both must be finite and greater than 0.
    static func of(_ f: FilterInputs) throws -> (Double, Double) {
        let scale = f.number("inputScale"), aspect = f.number("inputAspectRatio")
        let sx = scale * aspect, sy = scale
        guard sx > 0, sy > 0, sx.isFinite, sy.isFinite else {
            throw LunetteError.invalid("\(f.filter): inputScale and inputAspectRatio must be greater than 0")
        }
        return (sx, sy)
    }
}
