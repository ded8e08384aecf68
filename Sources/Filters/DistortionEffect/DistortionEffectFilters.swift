import Foundation

/// The built-in filters whose primary category is CICategoryDistortionEffect.
enum DistortionEffectFilters {
    static let all: [FilterDescriptor] = [
        BumpDistortion.descriptor,
        BumpDistortionLinear.descriptor,
        CircleSplashDistortion.descriptor,
        HoleDistortion.descriptor,
        LightTunnel.descriptor,
        PinchDistortion.descriptor,
        TwirlDistortion.descriptor,
        VortexDistortion.descriptor,
    ]
}
