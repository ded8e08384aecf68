import Foundation

/// The built-in filters whose primary category is CICategoryColorAdjustment.
enum ColorAdjustmentFilters {
    static let all: [FilterDescriptor] = [
        ColorClamp.descriptor,
        ColorControls.descriptor,
        ColorMatrix.descriptor,
        ColorPolynomial.descriptor,
        ExposureAdjust.descriptor,
        GammaAdjust.descriptor,
        HueAdjust.descriptor,
        LinearToSRGBToneCurve.descriptor,
        SRGBToneCurveToLinear.descriptor,
        TemperatureAndTint.descriptor,
        ToneCurve.descriptor,
        Vibrance.descriptor,
        WhitePointAdjust.descriptor,
    ]
}
