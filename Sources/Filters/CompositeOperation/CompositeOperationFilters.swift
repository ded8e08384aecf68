import Foundation

/// The built-in filters whose primary category is CICategoryCompositeOperation.
enum CompositeOperationFilters {
    static let all: [FilterDescriptor] = [
        AdditionCompositing.descriptor,
        ColorBlendMode.descriptor,
        ColorBurnBlendMode.descriptor,
        ColorDodgeBlendMode.descriptor,
        DarkenBlendMode.descriptor,
        DifferenceBlendMode.descriptor,
        ExclusionBlendMode.descriptor,
        HardLightBlendMode.descriptor,
        HueBlendMode.descriptor,
        LightenBlendMode.descriptor,
        LuminosityBlendMode.descriptor,
        MaximumCompositing.descriptor,
        MinimumCompositing.descriptor,
        MultiplyBlendMode.descriptor,
        MultiplyCompositing.descriptor,
        OverlayBlendMode.descriptor,
        SaturationBlendMode.descriptor,
        ScreenBlendMode.descriptor,
        SoftLightBlendMode.descriptor,
        SourceAtopCompositing.descriptor,
        SourceInCompositing.descriptor,
        SourceOutCompositing.descriptor,
        SourceOverCompositing.descriptor,
    ]
}
