import Foundation
import PixelCore

/// The scale transforms' `inputScale` and `inputAspectRatio` as horizontal and vertical
/// factors (CILanczosScaleTransform, CIBicubicScaleTransform, CIMaximumScaleTransform).
enum ScaleFactors {
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
